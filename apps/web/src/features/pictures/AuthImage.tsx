import { useEffect, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { fetchPictureBlob, type PictureSource } from './api';

/** An image served by an authenticated call: fetched as a blob, shown from an object URL revoked on unmount. */
export function AuthImage({ src, alt, className }: { src: PictureSource; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(src);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    setFailed(false);
    fetchPictureBlob(JSON.parse(key) as PictureSource).then(
      (blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [key]);
  if (!url) {
    return (
      <div className={`pic-img pic-img--placeholder ${className ?? ''}`} aria-label={failed ? '图片加载失败' : '图片加载中'}>
        <PictureOutlined />
        {failed ? <span>加载失败</span> : null}
      </div>
    );
  }
  return <img className={`pic-img ${className ?? ''}`} src={url} alt={alt} draggable={false} />;
}
