import { useState } from 'react';
import { Alert, Button, Progress, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../bid/hooks';
import { toast } from '../../lib/feedback';
import { ACCEPT_PAST_BID, repositoryKeys, uploadPastBid } from './api';
import './repository.css';

/** /workbench/repositorys/upload: a past bid (DOCX or PDF) in; read into passages in the background. */
export function UploadPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File) => {
    if (!/\.(docx|pdf)$/i.test(file.name)) {
      setError('仅支持上传 DOCX 或 PDF 格式的历史标书');
      return false;
    }
    setError(null);
    setPercent(0);
    uploadPastBid(file, setPercent).then(
      () => {
        toast.success('已上传，正在解析');
        void qc.invalidateQueries({ queryKey: repositoryKeys.all });
        navigate('/workbench/repositorys/BidDocuments');
      },
      (e: unknown) => {
        setError(errorText(e, '上传失败，请检查网络后重试'));
        setPercent(null);
      },
    );
    return false;
  };
  return (
    <div className="wb-screen repo-upload">
      <div className="repo-head">
        <h1 className="wb-screen__title">上传历史标书</h1>
        <Button onClick={() => navigate('/workbench/repository')}>返回知识库</Button>
      </div>
      <div className="repo-card">
        <Upload.Dragger accept={ACCEPT_PAST_BID} multiple={false} showUploadList={false} beforeUpload={pick} disabled={percent !== null}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将以往的投标文件（Word DOCX / PDF）拖到这里</p>
          <p className="ant-upload-hint">按标题拆分为段落并建立全文索引，撰写新标书时按章节推荐引用</p>
        </Upload.Dragger>
        {percent !== null ? <Progress percent={percent} status="active" size="small" /> : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
        <ol className="repo-steps">
          <li>上传后在后台解析，按章节标题拆分为段落（含表格）</li>
          <li>在知识库中按关键词搜索段落，命中的词高亮显示</li>
          <li>撰写标书时，每个章节的侧栏会推荐最相关的 5 个段落，可固定或排除</li>
        </ol>
      </div>
    </div>
  );
}
