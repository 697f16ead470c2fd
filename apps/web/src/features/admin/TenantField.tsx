import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { adminCalls, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';

/** The tenant a new record belongs to: the super-operator picks one; a tenant's operator makes its own tenant's. */
export function TenantField() {
  const op = useOutletContext<OperatorView>();
  const tenants = useQuery({ queryKey: ['admin', 'tenants'], queryFn: () => adminCall(adminCalls.tenants), enabled: op.role === 'super' });
  if (op.role !== 'super') return null;
  return (
    <Form.Item name="tenantId" label="所属租户" rules={[{ required: true, message: '请选择租户' }]}>
      <Select placeholder="请选择租户" options={(tenants.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.id}）` }))} />
    </Form.Item>
  );
}

/** The tenants' names by id, for the super-operator's lists of every tenant. */
export function useTenantNames(): Record<string, string> {
  const tenants = useQuery({ queryKey: ['admin', 'tenants'], queryFn: () => adminCall(adminCalls.tenants) });
  return Object.fromEntries((tenants.data ?? []).map((x) => [x.id, x.name]));
}

/** The super-operator's tenant filter of a report: one tenant, or 全部租户 (undefined). */
export function TenantFilter({ value, onChange, names }: { value: string | undefined; onChange: (v: string | undefined) => void; names: Record<string, string> }) {
  return (
    <Select
      aria-label="租户"
      style={{ width: 220 }}
      value={value ?? ''}
      onChange={(v: string) => onChange(v || undefined)}
      options={[{ value: '', label: '全部租户' }, ...Object.entries(names).map(([id, name]) => ({ value: id, label: `${name}（${id}）` }))]}
    />
  );
}
