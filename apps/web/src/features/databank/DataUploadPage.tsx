import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Progress, Spin, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_TEXTS } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { formatBytes } from '../pictures/api';
import { ACCEPT_DATA, DATA_MAX_BYTES, dataKeys, deleteDataDoc, fetchDataTags, saveDataDoc, uploadDataDoc, waitForReading, type DataDocDraft } from './api';
import { DocForm, fromFormValues, toFormValues, type DocFormValues } from './DocForm';
import { FilePreview } from './FilePreview';
import './databank.css';

/**
 * /workbench/data/upload: one file dropped, its text read on the server (a queued job: OCR for scans) and the fields
 * proposed; the user checks them beside the file and saves. Leaving the screen while the file is being read deletes the
 * draft, which cancels its reading: no work runs on for a page nobody looks at.
 */
export function DataUploadPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tags = useQuery({ queryKey: dataKeys.tags, queryFn: fetchDataTags });
  const [form] = Form.useForm<DocFormValues>();
  const [phase, setPhase] = useState<'pick' | 'reading' | 'confirm'>('pick');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<DataDocDraft | null>(null);
  const [saving, setSaving] = useState(false);
  // the draft being read, and the poll's abort: both end when the screen goes
  const reading = useRef<{ id: string | null; stop: AbortController } | null>(null);
  useEffect(
    () => () => {
      const r = reading.current;
      if (!r) return;
      r.stop.abort(new Error('left'));
      if (r.id) void deleteDataDoc(r.id).catch(() => undefined);
    },
    [],
  );

  const pick = (file: File) => {
    setError(null);
    if (file.size > DATA_MAX_BYTES) {
      setError(`文件超过 ${formatBytes(DATA_MAX_BYTES)}，请压缩或拆分后重新上传`);
      return false;
    }
    setPhase('reading');
    setPercent(0);
    const r = { id: null as string | null, stop: new AbortController() };
    reading.current = r;
    uploadDataDoc(file, setPercent)
      .then((first) => {
        r.id = first.id;
        return waitForReading(first, r.stop.signal);
      })
      .then((d) => {
        reading.current = null;
        setDraft(d);
        form.setFieldsValue(toFormValues({ ...d.proposal, tags: [] }) as DocFormValues);
        setPhase('confirm');
      })
      .catch((e: unknown) => {
        if (r.stop.signal.aborted) return;
        reading.current = null;
        setError(errorText(e, '上传失败，请检查网络后重试'));
        setPhase('pick');
      });
    return false;
  };

  const save = async () => {
    if (!draft) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveDataDoc(draft.id, fromFormValues(values));
      toast.success(DATA_TEXTS.saved);
      void qc.invalidateQueries({ queryKey: dataKeys.all });
      navigate('/workbench/DataBank');
    } catch (e) {
      toast.error(errorText(e, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="wb-screen db-upload">
      <div className="db-head">
        <h1 className="wb-screen__title">资料上传</h1>
        <Button onClick={() => navigate('/workbench/DataBank')}>返回资料库</Button>
      </div>
      {phase !== 'confirm' ? (
        <div className="wb-card db-card">
          {error ? <Alert type="error" showIcon message={error} className="db-alert" data-testid="db-upload-error" /> : null}
          {phase === 'reading' ? (
            <div className="db-reading" data-testid="db-reading">
              <Spin />
              <div>{percent < 100 ? `正在上传… ${percent}%` : '正在识别文件中的文字，提取证书信息…'}</div>
              <Progress percent={percent < 100 ? Math.round(percent * 0.5) : 75} status="active" showInfo={false} style={{ maxWidth: 360 }} />
            </div>
          ) : (
            <Upload.Dragger accept={ACCEPT_DATA} showUploadList={false} beforeUpload={pick} className="db-dragger">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或将营业执照、资质证书、合同等文件拖到这里</p>
              <p className="ant-upload-hint">支持 PDF、Word（DOCX）、PNG/JPEG 图片，不超过 30 MB；扫描件会自动识别文字，提取证书编号、统一社会信用代码和有效期</p>
            </Upload.Dragger>
          )}
        </div>
      ) : (
        <div className="db-confirm">
          <div className="wb-card db-card db-confirm__file">
            <div className="db-confirm__title">{draft!.fileName}</div>
            <FilePreview id={draft!.id} kind={draft!.fileKind} name={draft!.fileName} />
          </div>
          <div className="wb-card db-card db-confirm__form">
            {draft!.readNotice ? <Alert type="info" showIcon className="db-alert" message={draft!.readNotice} /> : null}
            {draft!.readError ? (
              <Alert type="warning" showIcon className="db-alert" message={`未能识别文件内容：${draft!.readError}`} description="文件已保存，请手动填写以下信息。" />
            ) : (
              <Alert type="info" showIcon className="db-alert" message="以下信息由系统从文件中识别，请核对后保存" />
            )}
            <DocForm form={form} tagOptions={tags.data ?? []} />
            <div className="db-actions">
              <Button onClick={() => { setPhase('pick'); setDraft(null); }}>重新选择文件</Button>
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="db-save">
                保存
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
