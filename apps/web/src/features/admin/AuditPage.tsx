import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminCalls, type AuditView } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';

import { auditLines, targetName } from './audit-view';

/** 「优惠金额：¥20.00 → ¥30.00」 per field; a field that did not change is greyed, a creation shows the new values only. */
function Changes({ before, after, targetType }: { before: unknown; after: unknown; targetType: string }) {
  const lines = auditLines(before, after, targetType);
  if (!lines.length) return <>—</>;
  return (
    <ul className="admin-audit-lines">
      {lines.map((l) => (
        <li key={l.label} className={l.changed ? 'is-changed' : 'is-same'}>
          <span className="admin-audit-lines__label">{l.label}：</span>
          {l.before !== null && l.after !== null ? (
            l.changed ? (
              <>
                {l.before === '（空）' ? l.before : <del>{l.before}</del>} → <ins>{l.after}</ins>
              </>
            ) : (
              l.after
            )
          ) : l.after !== null ? (
            <ins>{l.after}</ins>
          ) : (
            l.before
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every console action: who, what, before/after, when. */
export default function AuditPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['admin', 'audit', page], queryFn: () => adminCall(adminCalls.audit, { query: { current: page, size: 20 } }) });
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">操作审计</h2>
      <Table<AuditView>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 170, render: formatTime },
          { title: '操作人', dataIndex: 'operatorName', width: 110 },
          { title: '操作', dataIndex: 'actionName', width: 140 },
          { title: '对象', render: (_, r) => `${targetName(r.targetType)} ${r.targetId}`, width: 200 },
          { title: '变更（之前 → 之后）', render: (_, r) => <Changes before={r.before} after={r.after} targetType={r.targetType} /> },
          { title: '原因', dataIndex: 'reason' },
        ]}
      />
    </div>
  );
}
