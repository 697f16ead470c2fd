import { useState } from 'react';
import { Alert, Button, Progress, Radio, Select, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BID_CHECK_KIND_LABELS, type BidCheckKind } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { ACCEPT_BID, bidCheckKeys, checkWrittenBid, listTenders, uploadCheck } from './api';
import { RecentChecks } from './RecentChecks';

const INTRO: Record<BidCheckKind, string> = {
  anonymity:
    '暗标要求技术标中不得出现可识别投标人身份的信息。系统按招标文件载明的暗标要求（字体、字号、行距、页数、纸张、页边距等）和你的企业信息（名称、人员、电话、证照编号），逐页列出违规内容、所在页码和修改方法。',
  reject:
    '上传在其他地方编写的投标文件，选择对应的招标项目，系统用与「内容检查」相同的规则检查：★条款未响应、评分项未响应、缺少组成部分、待填写内容、证书过期、其他项目名称等，并标明页码。',
};

/** The start screen of a check (inside the hub: ?tool=anonymity|reject): the tender, the file or the bid written here. */
export function CheckTool({ kind }: { kind: BidCheckKind }) {
  const navigate = useNavigate();
  const tenders = useQuery({ queryKey: bidCheckKeys.tenders, queryFn: listTenders, staleTime: 0 });
  const [source, setSource] = useState<'upload' | 'bid'>('upload');
  const [bidId, setBidId] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = (id: string) => navigate(`/workbench/BiddingTool?tool=${kind}&id=${encodeURIComponent(id)}`);

  const list = tenders.data ?? [];
  const options = (source === 'bid' ? list.filter((t) => t.written) : list).map((t) => ({
    value: t.id,
    label: `${t.name}${t.projectName && t.projectName !== t.name ? `（${t.projectName}）` : ''}${t.anonymity ? ' · 暗标' : ''}`,
  }));

  const pick = (file: File) => {
    if (!/\.(docx|pdf|doc)$/i.test(file.name)) {
      setError('仅支持检查 Word（DOCX/DOC）或 PDF 格式的投标文件');
      return false;
    }
    if (kind === 'reject' && !bidId) {
      setError('请先选择投标文件对应的招标项目');
      return false;
    }
    setError(null);
    setPercent(0);
    uploadCheck(file, kind, bidId, setPercent).then(
      ({ id }) => open(id),
      (e: unknown) => {
        setError(errorText(e, '上传失败，请检查网络后重试'));
        setPercent(null);
      },
    );
    return false;
  };

  const runWritten = async () => {
    if (!bidId) {
      setError('请选择要检查的标书');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      open((await checkWrittenBid(bidId)).id);
    } catch (e) {
      setError(errorText(e, '检查失败，请稍后重试'));
      setBusy(false);
    }
  };

  return (
    <div className="wb-screen bc-tool-screen" data-testid={`check-tool-${kind}`}>
      <div className="bc-head">
        <h1 className="wb-screen__title">{BID_CHECK_KIND_LABELS[kind]}</h1>
        <Button onClick={() => navigate('/workbench/BiddingTool')}>返回标书工具</Button>
      </div>
      <div className="wb-card bc-card">
        <p className="bc-intro">{INTRO[kind]}</p>
        {kind === 'anonymity' ? (
          <Radio.Group
            className="bc-source"
            value={source}
            onChange={(e) => {
              setSource(e.target.value as 'upload' | 'bid');
              setBidId(null);
              setError(null);
            }}
            optionType="button"
            options={[
              { value: 'upload', label: '上传投标文件' },
              { value: 'bid', label: '检查在本平台编写的标书' },
            ]}
          />
        ) : null}
        <div className="bc-field">
          <label htmlFor="bc-tender">{source === 'bid' ? '选择标书' : kind === 'reject' ? '对应的招标项目（必选）' : '对应的招标项目（可选，按其暗标要求检查）'}</label>
          <Select
            id="bc-tender"
            data-testid="tender-select"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={tenders.isLoading ? '加载中…' : options.length ? '请选择' : source === 'bid' ? '还没有编写过的标书' : '还没有解析过的招标文件，请先在「标书编写」中上传招标文件'}
            value={bidId ?? undefined}
            onChange={(v: string | undefined) => setBidId(v ?? null)}
            options={options}
          />
        </div>
        {source === 'bid' ? (
          <Button type="primary" loading={busy} onClick={() => void runWritten()} data-testid="check-written">
            开始检查
          </Button>
        ) : (
          <Upload.Dragger accept={ACCEPT_BID} multiple={false} showUploadList={false} beforeUpload={pick} disabled={percent !== null} className="bc-dragger">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或将投标文件（DOCX / PDF / DOC）拖到这里</p>
            <p className="ant-upload-hint">{kind === 'anonymity' ? 'Word 文件可检查字体、字号、行距、颜色、页眉页脚和页面设置；PDF 检查字体、颜色和纸张' : '文件在后台检查，完成后可随时在「最近的检查报告」中查看'}</p>
          </Upload.Dragger>
        )}
        {percent !== null ? <Progress percent={percent} status="active" size="small" className="bc-progress" /> : null}
        {error ? <Alert className="bc-alert" type="error" showIcon title={error} data-testid="check-error" /> : null}
      </div>
      <RecentChecks kind={kind} />
    </div>
  );
}
