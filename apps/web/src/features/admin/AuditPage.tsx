import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminCalls, type AuditView } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';

const json = (v: unknown) => (v === null || v === undefined ? '—' : <pre className="admin-json">{JSON.stringify(v, null, 1)}</pre>);

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
          { title: '对象', render: (_, r) => `${r.targetType} ${r.targetId}`, width: 200 },
          { title: '之前', render: (_, r) => json(r.before) },
          { title: '之后', render: (_, r) => json(r.after) },
          { title: '原因', dataIndex: 'reason' },
        ]}
      />
    </div>
  );
}
