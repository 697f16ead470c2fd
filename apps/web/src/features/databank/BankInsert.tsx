import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Modal, Spin, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DATA_DOC_TYPES, DATA_TEXTS, type DataDocType, type DataSectionMaterial } from '@btz/shared';
import { fetchSectionMaterial } from './api';
import './databank.css';

const TYPES = DATA_DOC_TYPES.filter((t) => t !== '其他');

function expiryTag(d: DataSectionMaterial['docs'][number]) {
  if (!d.expiry) return <span className="db-muted">长期有效</span>;
  if (d.daysLeft !== null && d.daysLeft < 0) return <Tag color="red">{DATA_TEXTS.expired}（{d.expiry}）</Tag>;
  if (d.daysLeft !== null && d.daysLeft <= 90) return <Tag color="orange">有效期至 {d.expiry}</Tag>;
  return <span className="db-muted">有效期至 {d.expiry}</span>;
}

/**
 * 「从资料库插入」 in the section editor: the document types the section asks for (its title, scoring rows and requirement
 * items — checked to start with, any can be changed), the owner's documents of those types, and 插入 — the certificate
 * table, the performance table and each picture with its caption go in at the cursor.
 */
export function BankInsert({
  open,
  bidId,
  nodeId,
  figureStart,
  onInsert,
  onClose,
}: {
  open: boolean;
  bidId: string;
  nodeId: string;
  figureStart: number;
  onInsert: (m: DataSectionMaterial) => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [types, setTypes] = useState<DataDocType[] | null>(null);
  useEffect(() => {
    if (!open) setTypes(null);
  }, [open]);
  const q = useQuery({
    queryKey: ['databank', 'section', bidId, nodeId, types, figureStart],
    queryFn: () => fetchSectionMaterial({ bidId, nodeId, types: types ?? undefined, figureStart }),
    enabled: open,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const m = q.data;
  const chosen = types ?? m?.matched ?? [];
  return (
    <Modal
      open={open}
      title="从资料库插入"
      width={720}
      centered
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!m?.docs.length || q.isFetching} onClick={() => m && onInsert(m)} data-testid="bank-insert-ok">
          插入{m?.docs.length ? `（${m.docs.length} 份）` : ''}
        </Button>,
      ]}
    >
      <div className="db-insert" data-testid="bank-insert">
        <div className="db-muted" style={{ marginBottom: 8 }}>
          {m ? (m.matched.length ? `本节需要：${m.matched.join('、')}` : '未从本节标题和评分项识别出所需资料，请选择资料类型') : '正在识别本节所需资料…'}
        </div>
        <Checkbox.Group
          value={chosen}
          options={TYPES.map((t) => ({ label: t, value: t }))}
          onChange={(v) => setTypes(v as DataDocType[])}
          style={{ marginBottom: 12 }}
        />
        {q.isLoading ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        ) : q.isError ? (
          <Empty description={(q.error as Error).message || '加载失败'} />
        ) : m && m.docs.length === 0 ? (
          <Empty description={chosen.length ? DATA_TEXTS.nothingToInsert : '请选择资料类型'}>
            <Button onClick={() => navigate('/workbench/data/upload')}>去上传资料</Button>
          </Empty>
        ) : m ? (
          <ul className="db-insert__list">
            {m.docs.map((d) => (
              <li key={d.id} className="db-insert__item">
                <Tag>{d.type}</Tag>
                <span className="db-insert__name">{d.name}</span>
                {d.fileKind === 'png' || d.fileKind === 'jpeg' ? <span className="db-muted">（含图片）</span> : <span className="db-muted">（{d.fileKind.toUpperCase()} 原件）</span>}
                <span className="db-insert__expiry">{expiryTag(d)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
}
