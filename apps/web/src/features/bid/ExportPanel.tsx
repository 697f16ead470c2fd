import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, InputNumber, Radio, Select, Skeleton, Switch } from 'antd';
import { FilePdfOutlined, FileWordOutlined, SaveOutlined } from '@ant-design/icons';
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
import { bidKeys, exportBid, fetchPageSettings, savePageSettings, type ExportFormat } from './api';
import { errorText } from './hooks';
import { FONT_OPTIONS, FONT_SIZES, VOLUME_TITLES, volumeOf, volumesFrom } from './writing';

interface FormValues {
  font: string;
  fontSize: number;
  headingStyle: HeadingStyle;
  start: number;
  format: PageNumberFormat;
  position: 'left' | 'center' | 'right';
  split: boolean;
}

/** A level-1 chapter's volume when the user first turns 分卷 on: technical chapters go to 技术标, the rest to 商务标. */
const guessVolume = (n: BidOutlineNode) => (n.kind === '技术' ? '技术标' : '商务标');

/** 导出: page settings (font, size, heading numbering, page numbers, volumes) and the Word / PDF downloads. */
export function ExportPanel({
  bidId,
  bidName,
  nodes,
  readOnly,
  canExport,
}: {
  bidId: string;
  bidName: string;
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
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<{ format: ExportFormat; text: string } | null>(null);
  const split = Form.useWatch('split', form);

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
    setExporting(format);
    try {
      const name = await exportBid(bidId, format, bidName || '标书');
      toast.success(`已导出：${name}`);
    } catch (e) {
      setExportError({ format, text: errorText(e, format === 'pdf' ? '导出 PDF 失败，请导出 Word 文件' : '导出失败，请稍后重试') });
    } finally {
      setExporting(null);
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
        <Button
          type="primary"
          icon={<FileWordOutlined />}
          disabled={!canExport || !!exporting}
          loading={exporting === 'docx'}
          onClick={() => void download('docx')}
          data-testid="export-docx"
        >
          导出 Word
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          disabled={!canExport || !!exporting}
          loading={exporting === 'pdf'}
          onClick={() => void download('pdf')}
          data-testid="export-pdf"
        >
          导出 PDF
        </Button>
      </div>
      {exportError ? (
        <Alert type="error" showIcon title={exportError.text} className="bid-export__error" data-testid="export-error" closable onClose={() => setExportError(null)} />
      ) : null}
      <p className="bid-muted bid-small">导出的 Word 文件含封面、自动目录（打开后可在 Word 中更新）、按目录编号的标题和上面设置的页码。</p>
    </div>
  );
}
