import { useState } from 'react';
import { Button, Form, Tag, Upload } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InboxOutlined, InfoCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../bid/hooks';
import { ACCEPT_IMAGES, fetchPictureTags, formatBytes, pictureKeys, uploadPicture } from './api';
import { TagSelect } from './PictureLibraryPage';
import './pictures.css';

/** The picture upload limit the server applies (PICTURE_MAX_BYTES). */
const MAX_BYTES = 20 * 1024 * 1024;

interface Row {
  key: string;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'created' | 'duplicate' | 'failed';
  message: string;
}

/** /workbench/picture/upload: several pictures dropped at once, uploaded one after the other, a result per file. */
export function PictureUploadPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tagsQuery = useQuery({ queryKey: pictureKeys.tags, queryFn: fetchPictureTags });
  const [tags, setTags] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const patch = (key: string, p: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));

  // one upload at a time, in the order dropped
  const [queue] = useState(() => ({ chain: Promise.resolve() }));
  const add = (file: File) => {
    const key = `${Date.now()}-${Math.random()}`;
    setRows((rs) => [...rs, { key, name: file.name, size: file.size, state: 'waiting', message: '等待上传' }]);
    if (file.size > MAX_BYTES) {
      patch(key, { state: 'failed', message: '图片超过 20 MB，请压缩后再上传' });
      return false;
    }
    queue.chain = queue.chain.then(async () => {
      patch(key, { state: 'uploading', message: '正在上传…' });
      try {
        const r = await uploadPicture(file, tags);
        patch(key, { state: r.status, message: r.message });
        void qc.invalidateQueries({ queryKey: pictureKeys.all });
      } catch (e) {
        patch(key, { state: 'failed', message: errorText(e, '上传失败，请检查网络后重试') });
      }
    });
    return false;
  };

  const counts = {
    created: rows.filter((r) => r.state === 'created').length,
    duplicate: rows.filter((r) => r.state === 'duplicate').length,
    failed: rows.filter((r) => r.state === 'failed').length,
  };

  return (
    <div className="wb-screen pic-upload">
      <div className="pic-head">
        <h1 className="wb-screen__title">图片上传</h1>
        <Button onClick={() => navigate('/workbench/PictureLibrary')}>返回图片库</Button>
      </div>
      <div className="wb-card pic-card">
        <Form layout="vertical">
          <Form.Item label="给这批图片加标签（可选）">
            <TagSelect value={tags} onChange={setTags} options={tagsQuery.data ?? []} />
          </Form.Item>
        </Form>
        <Upload.Dragger accept={ACCEPT_IMAGES} multiple showUploadList={false} beforeUpload={add} className="pic-dragger">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将图片拖到这里，可一次选择多张</p>
          <p className="ant-upload-hint">支持 PNG、JPEG、GIF、WebP、BMP，单张不超过 20 MB；相同或相似的图片不会重复保存</p>
        </Upload.Dragger>

        {rows.length ? (
          <>
            <div className="pic-summary">
              已上传 {counts.created} 张 · 已存在 {counts.duplicate} 张 · 失败 {counts.failed} 张
            </div>
            <ul className="pic-results" data-testid="upload-results">
              {rows.map((r) => (
                <li key={r.key} className={`pic-result pic-result--${r.state}`}>
                  <span className="pic-result__icon">{ICONS[r.state]}</span>
                  <span className="pic-result__name">{r.name}</span>
                  <span className="pic-muted">{formatBytes(r.size)}</span>
                  <Tag color={COLORS[r.state]} className="pic-result__msg">
                    {r.message}
                  </Tag>
                </li>
              ))}
            </ul>
            <Button type="primary" onClick={() => navigate('/workbench/PictureLibrary')}>
              查看图片库
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

const ICONS: Record<Row['state'], React.ReactNode> = {
  waiting: <LoadingOutlined />,
  uploading: <LoadingOutlined />,
  created: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  duplicate: <InfoCircleFilled style={{ color: '#fa8c16' }} />,
  failed: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};
const COLORS: Record<Row['state'], string> = { waiting: 'default', uploading: 'processing', created: 'success', duplicate: 'warning', failed: 'error' };
