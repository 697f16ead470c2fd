import { useState } from 'react';
import { Button, Empty, Input, Modal, Pagination, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuthImage } from './AuthImage';
import { listPictures, pictureKeys, type PictureItem } from './api';
import './pictures.css';

const SIZE = 12;

/** The src a section uses for a library picture (the export resolves it from the library; see docs/api.md Pictures). */
export const libraryImageSrc = (id: string) => `/api/btz/picture/file?id=${id}`;

/** 「从图片库选择」: the library's pictures with search; a click picks one. */
export function PicturePicker({ open, onPick, onClose }: { open: boolean; onPick: (p: PictureItem) => void; onClose: () => void }) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: pictureKeys.list(current, SIZE, keyword, ''),
    queryFn: () => listPictures({ current, size: SIZE, keyword }),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const data = list.data;
  return (
    <Modal open={open} title="从图片库选择" footer={null} width={860} centered onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder="搜索图片名称或标签"
        className="pic-toolbar__search"
        style={{ marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setCurrent(1);
        }}
      />
      {list.isLoading ? (
        <div className="pic-loading">
          <Spin />
        </div>
      ) : data && data.records.length === 0 ? (
        <Empty description={keyword ? '没有符合条件的图片' : '图片库还是空的，先上传资质证书、现场照片等常用图片'}>
          {keyword ? null : (
            <Button type="primary" onClick={() => navigate('/workbench/picture/upload')}>
              去上传图片
            </Button>
          )}
        </Empty>
      ) : data ? (
        <>
          <div className="pic-grid pic-grid--picker" data-testid="picker-grid">
            {data.records.map((p) => (
              <button type="button" key={p.id} className="pic-tile pic-tile--pick" onClick={() => onPick(p)} aria-label={`插入 ${p.name}`}>
                <div className="pic-tile__thumb">
                  <AuthImage src={{ kind: 'picture', id: p.id, thumb: true }} alt={p.name} />
                </div>
                <div className="pic-tile__body">
                  <div className="pic-tile__name">{p.name}</div>
                  <div className="pic-muted pic-tile__meta">
                    {p.width}×{p.height}
                  </div>
                </div>
              </button>
            ))}
          </div>
          {data.total > SIZE ? <Pagination className="pic-pager" size="small" current={current} pageSize={SIZE} total={data.total} showSizeChanger={false} onChange={setCurrent} /> : null}
        </>
      ) : null}
    </Modal>
  );
}
