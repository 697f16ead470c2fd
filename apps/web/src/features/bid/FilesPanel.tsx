import { useState } from 'react';
import { Alert, Button, Select, Tag, Tooltip, Upload } from 'antd';
import { DownloadOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TenderFileRole } from '@btz/shared';
import { addTenderFile, bidKeys, downloadTenderFile, type BidFile } from './api';
import { errorText } from './hooks';
import { checkUpload, formatSize, formatTime, ROLE_LABEL, UPLOAD_ACCEPT } from './labels';

const FILE_STATE: Record<string, { label: string; color: string }> = {
  uploaded: { label: '等待解析', color: 'default' },
  parsing: { label: '解析中', color: 'processing' },
  parsed: { label: '已解析', color: 'success' },
  failed: { label: '解析失败', color: 'error' },
};

/** The bid's tender files: role, pages, state; add an amendment / clarification or a bill of quantities; download. */
export function FilesPanel({ bidId, files, readOnly }: { bidId: string; files: BidFile[]; readOnly: boolean }) {
  const qc = useQueryClient();
  const [role, setRole] = useState<TenderFileRole>('amendment');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (file: File) => {
    const problem = checkUpload(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addTenderFile(bidId, file, role);
      await qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) });
    } catch (e) {
      setError(errorText(e, '文件上传失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bid-files" data-testid="files">
      <ul className="bid-files__list">
        {files.map((f) => {
          const st = FILE_STATE[f.state] ?? { label: f.state, color: 'default' };
          return (
            <li key={f.id} className="bid-files__item">
              <FileTextOutlined className="bid-files__icon" />
              <div className="bid-files__main">
                <div className="bid-files__name" title={f.name}>
                  {f.name}
                </div>
                <div className="bid-muted bid-small">
                  <Tag>{ROLE_LABEL[f.role] ?? f.role}</Tag>
                  {f.pageCount ? `${f.pageCount} 页 · ` : ''}
                  {formatSize(f.size)} · {formatTime(f.createTime)}
                </div>
                <div>
                  <Tag color={st.color}>{st.label}</Tag>
                  {f.error ? <span className="bid-error-text">{f.error}</span> : null}
                </div>
              </div>
              <Tooltip title="下载原文件">
                <Button
                  type="text"
                  icon={<DownloadOutlined />}
                  aria-label={`下载 ${f.name}`}
                  onClick={() => void downloadTenderFile(bidId, f.id, f.name).catch(() => {})}
                />
              </Tooltip>
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <div className="bid-files__add">
          <div className="bid-files__add-title">添加补遗 / 答疑文件</div>
          <p className="bid-muted bid-small">后上传的补遗、答疑会覆盖招标文件中相同事项的旧值（如截止时间变更），招标要点会标明出处。</p>
          <div className="bid-files__add-row">
            <Select<TenderFileRole>
              value={role}
              onChange={setRole}
              style={{ width: 140 }}
              options={[
                { value: 'amendment', label: '补遗 / 答疑' },
                { value: 'boq', label: '工程量清单' },
              ]}
            />
            <Upload accept={UPLOAD_ACCEPT} showUploadList={false} beforeUpload={(f) => (void add(f), false)} disabled={busy}>
              <Button icon={<UploadOutlined />} loading={busy}>
                选择文件
              </Button>
            </Upload>
          </div>
          {error ? <Alert type="error" showIcon title={error} className="bid-files__error" /> : null}
        </div>
      )}
    </div>
  );
}
