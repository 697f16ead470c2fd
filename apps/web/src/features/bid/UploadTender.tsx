import { useState } from 'react';
import { Alert, Button, Input, Progress, Radio, Upload } from 'antd';
import { FileTextOutlined, InboxOutlined, DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOADING_TIPS } from '@btz/shared';
import { bidKeys, uploadTender, type BidType } from './api';
import { errorText } from './hooks';
import { checkUpload, formatSize, UPLOAD_ACCEPT, workspaceHref } from './labels';
import './bid.css';

const VERSIONS: Array<{ value: BidType; title: string; note: string }> = [
  { value: 1, title: '普通版', note: '约 6 万字，适合常规政府采购、服务类项目' },
  { value: 2, title: '旗舰版', note: '约 15 万字，技术部分更深入，适合大型、评分细的项目' },
];

/** /workbench/document: a tender file in, a bid being parsed out (then the workspace). */
export function UploadTender() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [bidType, setBidType] = useState<BidType>(1);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const pick = (f: File) => {
    const problem = checkUpload(f);
    setError(problem);
    setFile(problem ? null : f);
    return false; // we send it ourselves
  };

  const submit = async () => {
    if (!file) {
      setError('请先选择招标文件');
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const { bidId } = await uploadTender({ file, bidType, name }, setPercent);
      void qc.invalidateQueries({ queryKey: bidKeys.all });
      navigate(workspaceHref(String(bidId)));
    } catch (e) {
      setError(errorText(e, '上传失败，请检查网络后重试'));
      setPercent(null);
    }
  };

  const uploading = percent !== null;

  return (
    <div className="wb-screen bid-new">
      <h1 className="wb-screen__title">新建标书</h1>
      <div className="bid-new__grid">
        <div className="wb-card bid-new__card">
          <h2 className="bid-new__h">1. 上传招标文件</h2>
          {file ? (
            <div className="bid-new__file" data-testid="chosen-file">
              <FileTextOutlined className="bid-new__file-icon" />
              <div className="bid-new__file-main">
                <div className="bid-new__file-name">{file.name}</div>
                <div className="bid-new__muted">{formatSize(file.size)}</div>
              </div>
              {!uploading ? (
                <Button type="text" icon={<DeleteOutlined />} onClick={() => setFile(null)} aria-label="移除文件">
                  重新选择
                </Button>
              ) : null}
            </div>
          ) : (
            <Upload.Dragger
              accept={UPLOAD_ACCEPT}
              multiple={false}
              showUploadList={false}
              beforeUpload={pick}
              disabled={uploading}
              className="bid-new__dragger"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或将招标文件拖到这里</p>
              <p className="ant-upload-hint">支持 PDF、DOCX、DOC、TXT，扫描版 PDF 也可以；单个文件不超过 100 MB</p>
            </Upload.Dragger>
          )}

          <h2 className="bid-new__h">2. 选择标书版本</h2>
          <Radio.Group
            className="bid-new__versions"
            value={bidType}
            onChange={(e) => setBidType(e.target.value as BidType)}
            disabled={uploading}
          >
            {VERSIONS.map((v) => (
              <Radio.Button key={v.value} value={v.value} className="bid-new__version">
                <b>{v.title}</b>
                <span>{v.note}</span>
              </Radio.Button>
            ))}
          </Radio.Group>

          <h2 className="bid-new__h">
            3. 标书名称 <span className="bid-new__muted">（可选）</span>
          </h2>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder="不填则使用招标文件的文件名"
            disabled={uploading}
          />

          {error ? <Alert className="bid-new__error" type="error" showIcon title={error} /> : null}
          {uploading ? <Progress percent={percent} status="active" size="small" className="bid-new__progress" /> : null}

          <Button type="primary" size="large" block className="bid-new__submit" loading={uploading} onClick={() => void submit()}>
            {uploading ? '正在上传…' : '上传并开始解析'}
          </Button>
        </div>

        <aside className="wb-card bid-new__aside">
          <h3>上传后会发生什么</h3>
          <ol className="bid-new__steps">
            <li>
              <b>解析招标文件</b>：提取文字与页码，扫描件自动识别文字
            </li>
            <li>
              <b>招标要点</b>：项目编号、预算、截止时间、资格要求、评分标准、★/▲ 条款、废标条款……每一项都标明出自第几页
            </li>
            <li>
              <b>投标目录</b>：第一级按招标文件规定的投标文件组成，每个评分项都有对应章节
            </li>
            <li>
              <b>随时离开</b>：解析在后台进行，稍后可在「我的标书」中继续
            </li>
          </ol>
          <div className="bid-new__tips">
            {LOADING_TIPS.slice(0, 3).map((t) => (
              <div key={t}>· {t}</div>
            ))}
          </div>
        </aside>
      </div>
    </div>
  );
}
