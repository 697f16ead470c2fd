import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { DownloadOutlined, FileWordOutlined } from '@ant-design/icons';
import type { DataDocItem } from './api';
import { fetchDataFile } from './api';

/** A picture shown inline, a PDF in the browser's viewer, a DOCX as a download (the file needs the login header). */
export function FilePreview({ id, kind, name }: { id: string; kind: DataDocItem['fileKind']; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let u: string | null = null;
    let live = true;
    fetchDataFile(id)
      .then((b) => {
        u = URL.createObjectURL(b);
        if (live) setUrl(u);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (u) URL.revokeObjectURL(u);
    };
  }, [id]);
  if (failed) return <div className="db-muted">文件加载失败，请稍后重试</div>;
  if (!url) return <Spin />;
  if (kind === 'png' || kind === 'jpeg') return <img className="db-preview__img" src={url} alt={name} data-testid="db-preview-img" />;
  if (kind === 'pdf') return <iframe className="db-preview__pdf" src={url} title={name} />;
  return (
    <div className="db-preview__docx">
      <FileWordOutlined style={{ fontSize: 48, color: '#2b579a' }} />
      <div>{name}</div>
      <Button icon={<DownloadOutlined />} href={url} download={name}>
        下载文件
      </Button>
    </div>
  );
}
