import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Progress, Spin, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PictureSaveResult } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { toast } from '../../lib/feedback';
import { AuthImage } from './AuthImage';
import { fetchExtraction, fetchPictureTags, formatBytes, pictureKeys, retryExtraction, saveExtracted } from './api';
import { TagSelect } from './PictureLibraryPage';
import './pictures.css';

const STAGE: Record<string, string> = { queued: '排队中…', running: '正在提取图片…' };

/** /workbench/picture/ExtractImg?id=: the extraction's progress, then every picture with its page; pick and save. */
export function ExtractImgPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: pictureKeys.extraction(id),
    queryFn: () => fetchExtraction(id),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'done' || query.state.data.state === 'failed') ? false : 1000),
  });
  const tagsQuery = useQuery({ queryKey: pictureKeys.tags, queryFn: fetchPictureTags });
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [tags, setTags] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [results, setResults] = useState<Map<number, PictureSaveResult>>(new Map());
  const [error, setError] = useState<string | null>(null);

  const d = q.data;
  const items = useMemo(() => d?.items ?? [], [d]);
  const unsaved = items.filter((i) => !results.has(i.index));

  const toggle = (index: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(index)) n.delete(index);
      else n.add(index);
      return n;
    });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const out = await saveExtracted(id, [...picked].sort((a, b) => a - b), tags);
      setResults((m) => {
        const n = new Map(m);
        for (const r of out) n.set(r.index, r.result);
        return n;
      });
      const created = out.filter((r) => r.result.status === 'created').length;
      toast.success(`已保存 ${created} 张${out.length - created ? `，${out.length - created} 张已存在` : ''}`);
      setPicked(new Set());
      void qc.invalidateQueries({ queryKey: pictureKeys.all });
    } catch (e) {
      setError(errorText(e, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  const retry = async () => {
    try {
      await retryExtraction(id);
      void q.refetch();
    } catch (e) {
      setError(errorText(e, '重试失败，请稍后再试'));
    }
  };

  const head = (
    <div className="pic-head">
      <h1 className="wb-screen__title">图片提取{d ? <span className="pic-head__file">「{d.fileName}」</span> : null}</h1>
      <div className="pic-head__actions">
        <Button onClick={() => navigate('/workbench/picture/ExtractUpload')}>换一个文件</Button>
        <Button onClick={() => navigate('/workbench/PictureLibrary')}>返回图片库</Button>
      </div>
    </div>
  );

  if (!id) {
    return (
      <div className="wb-screen">
        {head}
        <div className="wb-card pic-card">
          <Empty description="还没有选择要提取图片的文件">
            <Button type="primary" onClick={() => navigate('/workbench/picture/ExtractUpload')}>
              上传 DOCX / PDF 文件
            </Button>
          </Empty>
        </div>
      </div>
    );
  }

  return (
    <div className="wb-screen pic-extract">
      {head}
      <div className="wb-card pic-card">
        {q.isLoading ? (
          <div className="pic-loading">
            <Spin />
          </div>
        ) : q.isError ? (
          <Alert type="error" showIcon title={errorText(q.error, '提取记录加载失败')} />
        ) : d && (d.state === 'queued' || d.state === 'running') ? (
          <div className="pic-running" data-testid="extract-progress">
            <div className="pic-running__label">{STAGE[d.state]}</div>
            <Progress percent={d.progress} status="active" />
            <div className="pic-muted">提取在后台进行，完成后这里会列出每一张图片及其所在页码</div>
          </div>
        ) : d && d.state === 'failed' ? (
          <Alert
            type="error"
            showIcon
            title="图片提取失败"
            description={d.error ?? '请重试'}
            action={
              <Button size="small" onClick={() => void retry()}>
                重试
              </Button>
            }
          />
        ) : d ? (
          <>
            <div className="pic-toolbar">
              <span>
                共找到 <b>{items.length}</b> 张图片{d.pageCount ? `（${d.pageCount} 页）` : ''}
                {d.skipped ? <span className="pic-muted">，{d.skipped} 张无法识别的图形已跳过</span> : null}
                {d.notice ? <span className="pic-muted">。{d.notice}</span> : null}
              </span>
              <Checkbox
                checked={unsaved.length > 0 && unsaved.every((i) => picked.has(i.index))}
                indeterminate={picked.size > 0 && picked.size < unsaved.length}
                disabled={!unsaved.length}
                onChange={(e) => setPicked(e.target.checked ? new Set(unsaved.map((i) => i.index)) : new Set())}
              >
                全选
              </Checkbox>
            </div>
            {items.length === 0 ? (
              <Empty description="这个文件里没有找到图片">
                <Button type="primary" onClick={() => navigate('/workbench/picture/ExtractUpload')}>
                  换一个文件
                </Button>
              </Empty>
            ) : (
              <div className="pic-grid" data-testid="extract-grid">
                {items.map((it) => {
                  const done = results.get(it.index);
                  return (
                    <div
                      key={it.index}
                      role="checkbox"
                      aria-checked={picked.has(it.index)}
                      tabIndex={0}
                      className={`pic-tile pic-tile--pick${picked.has(it.index) ? ' is-picked' : ''}${done ? ' is-saved' : ''}`}
                      data-testid="extract-tile"
                      onClick={() => !done && toggle(it.index)}
                      onKeyDown={(e) => {
                        if (!done && (e.key === ' ' || e.key === 'Enter')) {
                          e.preventDefault();
                          toggle(it.index);
                        }
                      }}
                    >
                      <div className="pic-tile__thumb">
                        <AuthImage src={{ kind: 'extracted', id, index: it.index, thumb: true }} alt={it.name} />
                        <span className="pic-tile__page">第 {it.page} 页</span>
                        {!done ? <Checkbox className="pic-tile__check" checked={picked.has(it.index)} tabIndex={-1} onClick={(e) => e.stopPropagation()} onChange={() => toggle(it.index)} /> : null}
                      </div>
                      <div className="pic-tile__body">
                        <div className="pic-tile__name">{it.name}</div>
                        <div className="pic-muted pic-tile__meta">
                          {it.width}×{it.height} · {formatBytes(it.size)}
                        </div>
                        {done ? <Tag color={done.status === 'created' ? 'success' : 'warning'}>{done.message}</Tag> : null}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
            {items.length ? (
              <div className="pic-savebar">
                <Form.Item label="标签（可选）" className="pic-savebar__tags">
                  <TagSelect value={tags} onChange={setTags} options={tagsQuery.data ?? []} />
                </Form.Item>
                <Button type="primary" disabled={!picked.size} loading={saving} onClick={() => void save()}>
                  保存所选（{picked.size}）到图片库
                </Button>
              </div>
            ) : null}
            {error ? <Alert className="pic-alert" type="error" showIcon title={error} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
