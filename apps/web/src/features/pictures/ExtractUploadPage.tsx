import { useState } from 'react';
import { Alert, Button, Progress, Tag, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { errorText } from '../bid/hooks';
import { ACCEPT_EXTRACT, listExtractions, pictureKeys, uploadForExtraction, type PictureExtractionSummary } from './api';
import './pictures.css';
import { formatTime } from '../../lib/time';

/** /workbench/picture/ExtractUpload: a DOCX or PDF in, the extraction's page (ExtractImg) out. */
export function ExtractUploadPage() {
  const navigate = useNavigate();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recent = useQuery({ queryKey: pictureKeys.extractions, queryFn: () => listExtractions(1, 10), staleTime: 0, refetchOnMount: 'always' });

  const pick = (file: File) => {
    if (!/\.(docx|pdf)$/i.test(file.name)) {
      setError('仅支持从 DOCX 或 PDF 文件中提取图片');
      return false;
    }
    setError(null);
    setPercent(0);
    uploadForExtraction(file, setPercent).then(
      ({ id }) => navigate(`/workbench/picture/ExtractImg?id=${encodeURIComponent(id)}`),
      (e: unknown) => {
        setError(errorText(e, '上传失败，请检查网络后重试'));
        setPercent(null);
      },
    );
    return false;
  };

  return (
    <div className="wb-screen pic-extract-upload">
      <div className="pic-head">
        <h1 className="wb-screen__title">上传提取文件</h1>
        <Button onClick={() => navigate('/workbench/PictureLibrary')}>返回图片库</Button>
      </div>
      <div className="wb-card pic-card">
        <Upload.Dragger accept={ACCEPT_EXTRACT} multiple={false} showUploadList={false} beforeUpload={pick} disabled={percent !== null} className="pic-dragger">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将 Word（DOCX）/ PDF 文件拖到这里</p>
          <p className="ant-upload-hint">自动找出文件中的每一张图片并标明所在页码，挑选后保存到图片库，如以往的投标文件、资质汇编</p>
        </Upload.Dragger>
        {percent !== null ? <Progress percent={percent} status="active" size="small" className="pic-progress" /> : null}
        {error ? <Alert className="pic-alert" type="error" showIcon title={error} /> : null}
        {recent.data?.records.length ? (
          <div className="pic-recent" data-testid="recent-extractions">
            <h3 className="pic-recent__h">最近提取的文件</h3>
            <ul>
              {recent.data.records.map((r) => (
                <li key={r.id}>
                  <a
                    href={`/workbench/picture/ExtractImg?id=${encodeURIComponent(r.id)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/workbench/picture/ExtractImg?id=${encodeURIComponent(r.id)}`);
                    }}
                  >
                    {r.fileName}
                  </a>
                  <span className="pic-muted">{formatTime(r.createTime)}</span>
                  <StateTag r={r} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ol className="pic-steps">
          <li>上传后在后台提取，页面显示提取进度</li>
          <li>提取完成后按页码浏览缩略图，勾选需要的图片</li>
          <li>保存到图片库时，已存在的相同图片不会重复保存</li>
        </ol>
      </div>
    </div>
  );
}

function StateTag({ r }: { r: PictureExtractionSummary }) {
  if (r.state === 'done') return <Tag color="success">找到 {r.count} 张图片</Tag>;
  if (r.state === 'failed') return <Tag color="error">提取失败</Tag>;
  return <Tag color="processing">{r.state === 'queued' ? '排队中' : `提取中 ${r.progress}%`}</Tag>;
}
