import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Pagination, Select, Spin, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PICTURE_LIMITS } from '@btz/shared';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { AuthImage } from './AuthImage';
import { deletePicture, fetchPictureTags, formatBytes, listPictures, pictureKeys, updatePicture, type PictureItem } from './api';
import './pictures.css';
import { formatTime } from '../../lib/time';

const PAGE_SIZE = 24;

/** /workbench/PictureLibrary: the owner's pictures as thumbnails — search, tag filter, preview, rename and tag, delete. */
export function PictureLibraryPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [tag, setTag] = useState('');
  const [editing, setEditing] = useState<PictureItem | null>(null);
  const [preview, setPreview] = useState<PictureItem | null>(null);

  const list = useQuery({
    queryKey: pictureKeys.list(current, PAGE_SIZE, keyword, tag),
    queryFn: () => listPictures({ current, size: PAGE_SIZE, keyword, tag }),
    placeholderData: keepPreviousData,
  });
  const tags = useQuery({ queryKey: pictureKeys.tags, queryFn: fetchPictureTags });
  const refresh = () => void qc.invalidateQueries({ queryKey: pictureKeys.all });

  const remove = async (p: PictureItem) => {
    const ok = await confirmDialog(`确定删除图片「${p.name}」吗？删除后不可恢复。`, { danger: true });
    if (!ok) return;
    try {
      await deletePicture(p.id);
      toast.success('已删除');
      if (list.data && list.data.records.length === 1 && current > 1) setCurrent(current - 1);
      refresh();
    } catch (e) {
      toast.error(errorText(e, '删除失败，请稍后重试'));
    }
  };

  const filtered = !!keyword || !!tag;
  const data = list.data;

  return (
    <div className="wb-screen pic-lib">
      <div className="pic-head">
        <h1 className="wb-screen__title">图片库</h1>
        <div className="pic-head__actions">
          <Button icon={<FileImageOutlined />} onClick={() => navigate('/workbench/picture/ExtractUpload')}>
            从文件中提取图片
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/workbench/picture/upload')}>
            上传图片
          </Button>
        </div>
      </div>

      <div className="wb-card pic-card">
        <div className="pic-toolbar" hidden={!filtered && data?.total === 0}>
          <Input.Search
            allowClear
            placeholder="搜索图片名称或标签"
            className="pic-toolbar__search"
            onSearch={(v) => {
              setKeyword(v.trim());
              setCurrent(1);
            }}
          />
          <Select
            allowClear
            placeholder="按标签筛选"
            className="pic-toolbar__tag"
            value={tag || undefined}
            options={(tags.data ?? []).map((t) => ({ value: t, label: t }))}
            onChange={(v: string | undefined) => {
              setTag(v ?? '');
              setCurrent(1);
            }}
            notFoundContent="还没有标签"
          />
          {data ? <span className="pic-muted">共 {data.total} 张</span> : null}
        </div>

        {list.isError ? <Alert type="error" showIcon title={errorText(list.error, '图片加载失败，请刷新重试')} /> : null}
        {list.isLoading ? (
          <div className="pic-loading">
            <Spin />
          </div>
        ) : data && data.records.length === 0 ? (
          <Empty
            className="pic-empty"
            description={
              filtered ? (
                '没有符合条件的图片，换个搜索词或标签试试'
              ) : (
                <div className="wb-empty__desc">
                  <h3>图片库还是空的</h3>
                  <p>保存标书常用的图片：资质扫描件、产品图、组织架构图、现场照片，写作时一键插入。</p>
                </div>
              )
            }
          >
            {filtered ? null : (
              <>
                <Button type="primary" onClick={() => navigate('/workbench/picture/upload')}>
                  上传图片
                </Button>
                <Button style={{ marginLeft: 12 }} onClick={() => navigate('/workbench/picture/ExtractUpload')}>
                  从文件中提取图片
                </Button>
              </>
            )}
          </Empty>
        ) : data ? (
          <>
            <div className="pic-grid" data-testid="picture-grid">
              {data.records.map((p) => (
                <div className="pic-tile" key={p.id} data-testid="picture-tile">
                  <button type="button" className="pic-tile__thumb" onClick={() => setPreview(p)} aria-label={`预览 ${p.name}`}>
                    <AuthImage src={{ kind: 'picture', id: p.id, thumb: true }} alt={p.name} />
                  </button>
                  <div className="pic-tile__body">
                    <Tooltip title={p.name}>
                      <div className="pic-tile__name">{p.name}</div>
                    </Tooltip>
                    <div className="pic-muted pic-tile__meta">
                      {p.width}×{p.height} · {formatBytes(p.size)}
                      {p.sourceFile ? ` · 提取自第 ${p.sourcePage} 页` : ''}
                    </div>
                    <div className="pic-tile__tags">
                      {p.tags.map((t) => (
                        <Tag key={t} className="pic-tag">
                          {t}
                        </Tag>
                      ))}
                    </div>
                  </div>
                  <div className="pic-tile__actions">
                    <Button size="small" type="text" icon={<EyeOutlined />} onClick={() => setPreview(p)}>
                      预览
                    </Button>
                    <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(p)}>
                      编辑
                    </Button>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => void remove(p)}>
                      删除
                    </Button>
                  </div>
                </div>
              ))}
            </div>
            {data.total > PAGE_SIZE ? (
              <Pagination className="pic-pager" current={current} pageSize={PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setCurrent} />
            ) : null}
          </>
        ) : null}
      </div>

      {editing ? (
        <EditDialog
          picture={editing}
          allTags={tags.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      <Modal open={!!preview} title={preview?.name} footer={null} width={880} centered onCancel={() => setPreview(null)} destroyOnHidden>
        {preview ? (
          <div className="pic-preview">
            <AuthImage src={{ kind: 'picture', id: preview.id, thumb: false }} alt={preview.name} />
            <div className="pic-muted">
              {preview.width}×{preview.height} · {formatBytes(preview.size)} · 上传于 {formatTime(preview.createTime)}
              {preview.sourceFile ? ` · 提取自「${preview.sourceFile}」第 ${preview.sourcePage} 页` : ''}
            </div>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}

function EditDialog({ picture, allTags, onClose, onSaved }: { picture: PictureItem; allTags: string[]; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(picture.name);
  const [tags, setTags] = useState<string[]>(picture.tags);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!name.trim()) {
      setError('请输入图片名称');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updatePicture(picture.id, { name: name.trim(), tags });
      toast.success('已保存');
      onSaved();
    } catch (e) {
      setError(errorText(e, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="编辑图片" okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => void save()} onCancel={onClose} centered>
      <Form layout="vertical">
        <Form.Item label="图片名称" required>
          <Input value={name} maxLength={PICTURE_LIMITS.name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="标签" extra={`最多 ${PICTURE_LIMITS.tags} 个，回车添加`}>
          <TagSelect value={tags} onChange={setTags} options={allTags} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

/** Free tags with the owner's existing ones offered. */
export function TagSelect({ value, onChange, options }: { value: string[]; onChange: (v: string[]) => void; options: string[] }) {
  return (
    <Select
      mode="tags"
      value={value}
      placeholder="如：资质、业绩、人员证书"
      maxCount={PICTURE_LIMITS.tags}
      options={options.map((t) => ({ value: t, label: t }))}
      onChange={(v: string[]) => onChange(v.map((t) => t.trim().slice(0, PICTURE_LIMITS.tag)).filter(Boolean))}
      tokenSeparators={[',', '，']}
      style={{ width: '100%' }}
    />
  );
}
