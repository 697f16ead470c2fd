import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, InputNumber, Progress, Radio, Select, Skeleton, Switch } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileWordOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SETTINGS,
  DOC_DEFAULT_FONT,
  HEADING_STYLE_LABELS,
  PAGE_NUMBER_FORMAT_LABELS,
  UNNAMED_CHAPTER,
  type BidOutlineNode,
  type HeadingStyle,
  type PageNumberFormat,
  type PageSettings,
} from '@btz/shared';
import { toast } from '../../lib/feedback';
import { onRealtime } from '../../realtime';
import { bidKeys, downloadExport, fetchPageSettings, listExports, savePageSettings, startExport, type BidExport, type BidExportMessage, type ExportFormat } from './api';
import { errorText } from './hooks';
import { FONT_OPTIONS, FONT_SIZES, VOLUME_TITLES, volumeOf, volumesFrom } from './writing';
import { formatTime } from '../../lib/time';

interface FormValues {
  font: string;
  fontSize: number;
  headingStyle: HeadingStyle;
  start: number;
  format: PageNumberFormat;
  position: 'left' | 'center' | 'right';
  split: boolean;
}

const FORMAT_NAMES: Record<ExportFormat, string> = { docx: 'Word', pdf: 'PDF' };
const unfinished = (e: BidExport) => e.state === 'queued' || e.state === 'running';
const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** A level-1 chapter's volume when the user first turns 分卷 on: technical chapters go to 技术标, the rest to 商务标. */
const guessVolume = (n: BidOutlineNode) => (n.kind === '技术' ? '技术标' : '商务标');

/** 导出: page settings (font, size, heading numbering, page numbers, volumes) and the Word / PDF downloads. */
export function ExportPanel({
  bidId,
  nodes,
  readOnly,
  canExport,
}: {
  bidId: string;
  nodes: BidOutlineNode[];
  /** finished: the settings cannot change any more (export still works) */
  readOnly: boolean;
  /** written or finished */
  canExport: boolean;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const q = useQuery({ queryKey: bidKeys.pageSettings(bidId), queryFn: () => fetchPageSettings(bidId), staleTime: 60_000, retry: false });
  const settings = q.data ?? (q.isError ? DEFAULT_PAGE_SETTINGS : null);
  const [choice, setChoice] = useState<Map<string, string>>(new Map());
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [starting, setStarting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<{ format: ExportFormat; text: string } | null>(null);
  const split = Form.useWatch('split', form);

  // exports are jobs (issue 26): the bid's exports, followed by realtime `bid.export` and, while one runs, polled
  const exportsKey = bidKeys.exports(bidId);
  const exportsQ = useQuery({
    queryKey: exportsKey,
    queryFn: () => listExports(bidId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.some(unfinished) ? 1500 : false),
  });
  const exportList = useMemo(() => exportsQ.data ?? [], [exportsQ.data]);
  useEffect(
    () =>
      onRealtime('bid.export', (msg) => {
        const m = msg.data as BidExportMessage | null;
        if (!m?.id || m.bidId !== bidId) return;
        if (m.state === 'done' || m.state === 'failed') void qc.invalidateQueries({ queryKey: bidKeys.exports(bidId) });
        // a late progress message never moves an export back (a finished one stays finished, progress only grows)
        else
          qc.setQueryData<BidExport[]>(bidKeys.exports(bidId), (old) =>
            old?.map((e) => (e.id === m.id && unfinished(e) ? { ...e, state: m.state, progress: Math.max(e.progress, m.progress) } : e)),
          );
      }),
    [bidId, qc],
  );
  // the exports started on this page download by themselves once done (one reloaded mid-way shows its 下载 button)
  const wanted = useRef(new Set<string>());
  useEffect(() => {
    for (const e of exportList) {
      if (!wanted.current.has(e.id) || unfinished(e)) continue;
      wanted.current.delete(e.id);
      if (e.state === 'failed') setExportError({ format: e.format, text: e.error ?? (e.format === 'pdf' ? '导出 PDF 失败，请导出 Word 文件' : '导出失败，请稍后重试') });
      else void downloadExport(e).then(() => toast.success(`已导出：${e.name}`), () => undefined);
    }
  }, [exportList]);
  const running = (format: ExportFormat) => exportList.find((e) => e.format === format && unfinished(e));
  const latestDone = (['docx', 'pdf'] as const).map((f) => exportList.find((e) => e.format === f && e.state === 'done')).filter((e): e is BidExport => !!e);

  // the loaded settings fill the form (again after a save)
  useEffect(() => {
    if (!settings) return;
    form.setFieldsValue({
      font: settings.font || DOC_DEFAULT_FONT,
      fontSize: settings.fontSize || 12,
      headingStyle: settings.headingStyle,
      start: settings.pageNumber.start,
      format: settings.pageNumber.format,
      position: settings.pageNumber.position,
      split: settings.volumes.length > 0,
    });
    setChoice(volumeOf(settings));
    setDirty(false);
  }, [settings, form]);

  const fonts = useMemo(() => {
    const list: string[] = [...FONT_OPTIONS];
    if (settings?.font && !list.includes(settings.font)) list.unshift(settings.font);
    return list.map((f) => ({ value: f, label: <span style={{ fontFamily: f }}>{f}</span> }));
  }, [settings?.font]);

  const valuesToSettings = (v: FormValues): PageSettings => ({
    ...(settings ?? DEFAULT_PAGE_SETTINGS),
    font: v.font,
    fontSize: v.fontSize,
    headingStyle: v.headingStyle,
    pageNumber: { start: v.start ?? 1, format: v.format, position: v.position },
    volumes: v.split ? volumesFrom(nodes, choice) : [],
  });

  const save = async (quiet = false): Promise<boolean> => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return false;
    }
    setSaving(true);
    try {
      const saved = await savePageSettings(bidId, valuesToSettings(v));
      qc.setQueryData(bidKeys.pageSettings(bidId), saved);
      setDirty(false);
      if (!quiet) toast.success('页面设置已保存');
      return true;
    } catch (e) {
      toast.error(errorText(e, '保存失败，请稍后重试'));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const download = async (format: ExportFormat) => {
    setExportError(null);
    // the export uses the saved settings: save unsaved changes first
    if (dirty && !readOnly && !(await save(true))) return;
    setStarting(format);
    try {
      const e = await startExport(bidId, format);
      wanted.current.add(e.id);
      qc.setQueryData<BidExport[]>(exportsKey, (old) => [e, ...(old ?? []).filter((x) => x.id !== e.id)]);
    } catch (e) {
      setExportError({ format, text: errorText(e, format === 'pdf' ? '导出 PDF 失败，请导出 Word 文件' : '导出失败，请稍后重试') });
    } finally {
      setStarting(null);
    }
  };

  const toggleSplit = (on: boolean) => {
    if (on && !choice.size) setChoice(new Map(nodes.map((n) => [n.id, guessVolume(n)])));
  };

  return (
    <div className="bid-export" data-testid="export-panel">
      {!canExport ? <Alert type="info" showIcon title="全文写好后即可导出；现在可以先设置字体与页码。" className="bid-export__note" /> : null}
      {readOnly ? <Alert type="info" showIcon title="标书已完成编写，页面设置不可修改，仍可导出。" className="bid-export__note" /> : null}
      {!settings ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<FormValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '84px' }}
          labelAlign="left"
          colon={false}
          disabled={readOnly}
          className="bid-export__form"
          onValuesChange={(changed: Partial<FormValues>) => {
            setDirty(true);
            if (changed.split !== undefined) toggleSplit(changed.split);
          }}
        >
          <h4 className="bid-export__h">正文</h4>
          <Form.Item label="字体" name="font" rules={[{ required: true, message: '请选择字体' }]}>
            <Select options={fonts} aria-label="字体" />
          </Form.Item>
          <Form.Item label="字号" name="fontSize" rules={[{ required: true, message: '请选择字号' }]}>
            <Select options={FONT_SIZES} aria-label="字号" />
          </Form.Item>
          <Form.Item label="标题编号" name="headingStyle">
            <Select
              aria-label="标题编号"
              options={(Object.keys(HEADING_STYLE_LABELS) as HeadingStyle[]).map((k) => ({ value: k, label: HEADING_STYLE_LABELS[k] }))}
            />
          </Form.Item>

          <h4 className="bid-export__h">页码</h4>
          <Form.Item label="页码格式" name="format">
            <Select
              aria-label="页码格式"
              options={(Object.keys(PAGE_NUMBER_FORMAT_LABELS) as PageNumberFormat[]).map((k) => ({ value: k, label: PAGE_NUMBER_FORMAT_LABELS[k] }))}
            />
          </Form.Item>
          <Form.Item label="起始页码" name="start" rules={[{ required: true, message: '请填写起始页码' }]}>
            <InputNumber<number> min={1} max={9999} precision={0} style={{ width: 120 }} aria-label="起始页码" />
          </Form.Item>
          <Form.Item label="页码位置" name="position">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'left', label: '左' },
                { value: 'center', label: '中' },
                { value: 'right', label: '右' },
              ]}
            />
          </Form.Item>
          <div className="bid-muted bid-small bid-export__tip">封面与目录页不编页码，正文从起始页码开始。</div>

          <Form.Item label="分卷" name="split" valuePropName="checked" extra="按商务标 / 技术标分卷，每卷页码重新从起始页码开始">
            <Switch aria-label="分卷" />
          </Form.Item>
          {split ? (
            <div className="bid-export__volumes" data-testid="volumes">
              {nodes.map((n) => (
                <div key={n.id} className="bid-export__vol">
                  <span className="bid-export__vol-title" title={n.title}>
                    {n.number} {n.title || UNNAMED_CHAPTER}
                  </span>
                  <Radio.Group
                    size="small"
                    optionType="button"
                    disabled={readOnly}
                    value={choice.get(n.id) ?? ''}
                    onChange={(e) => {
                      setChoice(new Map(choice).set(n.id, e.target.value as string));
                      setDirty(true);
                    }}
                    options={[...VOLUME_TITLES.map((t) => ({ value: t, label: t })), { value: '', label: '不分卷' }]}
                  />
                </div>
              ))}
            </div>
          ) : null}

          {!readOnly ? (
            <Button icon={<SaveOutlined />} loading={saving} type={dirty ? 'primary' : 'default'} ghost={dirty} onClick={() => void save()}>
              保存设置
            </Button>
          ) : null}
        </Form>
      )}

      <div className="bid-export__actions">
        {(['docx', 'pdf'] as const).map((f) => {
          const r = running(f);
          return (
            <Button
              key={f}
              type={f === 'docx' ? 'primary' : 'default'}
              icon={f === 'docx' ? <FileWordOutlined /> : <FilePdfOutlined />}
              disabled={!canExport || !!starting || !!r}
              loading={starting === f || !!r}
              onClick={() => void download(f)}
              data-testid={`export-${f}`}
            >
              {r ? `正在导出 ${FORMAT_NAMES[f]}…` : `导出 ${FORMAT_NAMES[f]}`}
            </Button>
          );
        })}
      </div>
      {exportList.filter(unfinished).map((e) => (
        <div key={e.id} className="bid-export__job" data-testid="export-progress">
          <span className="bid-small">
            {e.state === 'queued' ? '排队中' : '正在导出'} {e.name}
          </span>
          <Progress percent={e.progress} size="small" status="active" />
          <span className="bid-muted bid-small">导出在后台进行，可离开此页，完成后在这里下载。</span>
        </div>
      ))}
      {latestDone.length ? (
        <div className="bid-export__done" data-testid="export-files">
          <h4 className="bid-export__h">最近导出</h4>
          {latestDone.map((e) => (
            <div key={e.id} className="bid-export__file">
              {e.format === 'pdf' ? <FilePdfOutlined /> : <FileWordOutlined />}
              <span className="bid-export__file-name" title={e.name}>
                {e.name}
              </span>
              <span className="bid-muted bid-small">
                {e.size !== null ? sizeText(e.size) : ''} · {formatTime(e.finishTime ?? e.createTime)}
              </span>
              <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => void downloadExport(e).catch(() => undefined)}>
                下载
              </Button>
            </div>
          ))}
        </div>
      ) : null}
      {exportError ? (
        <Alert type="error" showIcon title={exportError.text} className="bid-export__error" data-testid="export-error" closable onClose={() => setExportError(null)} />
      ) : null}
      <p className="bid-muted bid-small">导出的 Word 文件含封面、自动目录（打开后可在 Word 中更新）、按目录编号的标题和上面设置的页码。</p>
    </div>
  );
}
