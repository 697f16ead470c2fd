import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Input, Modal, Space, Table, Tag, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@btz/shared';
import { adminMoneyCalls, type ReconcileMismatch } from '@btz/shared/calls';
import { adminCall } from './api';

const STATE: Record<string, string> = { paid: '已支付', unpaid: '未支付', closed: '已关闭', refunded: '已退款', unknown: '未知' };

/**
 * Reconciliation: one day's orders against the payment provider, the mismatches listed; a payment the provider took for
 * an order still open here is applied (补单) through the path the payment notify takes — once, however often it is pressed.
 */
export function ReconcilePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState<Dayjs>(dayjs());
  const [fixing, setFixing] = useState<ReconcileMismatch | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const date = day.format('YYYY-MM-DD');
  const rec = useQuery({ queryKey: ['admin', 'reconcile', date], queryFn: () => adminCall(adminMoneyCalls.reconcile, { query: { date } }), enabled: open });
  const fix = async () => {
    if (!fixing) return;
    setBusy(true);
    try {
      const o = await adminCall(adminMoneyCalls.reconcileFix, { body: { id: fixing.order.id, reason } });
      message.success(`订单 ${o.orderNo} 已补单为${o.statusName}，权益已发放`);
      setFixing(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const r = rec.data;
  return (
    <Drawer open={open} onClose={onClose} title="支付对账" width={960} destroyOnHidden>
      <Space className="admin-toolbar" wrap>
        <DatePicker allowClear={false} value={day} onChange={(v) => v && setDay(v)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        <Button onClick={() => void rec.refetch()} loading={rec.isFetching}>
          重新对账
        </Button>
        {r && (
          <span className="admin-muted">
            当日订单 {r.checked} 笔：与支付平台一致 {r.matched} 笔，不一致 {r.mismatches.length} 笔，沙箱订单 {r.local} 笔（无远端记录，不参与对账）
          </span>
        )}
      </Space>
      {rec.isError && <Alert type="error" showIcon message={(rec.error as Error).message} />}
      <Table<ReconcileMismatch>
        rowKey={(m) => m.order.id}
        loading={rec.isFetching}
        dataSource={r?.mismatches}
        pagination={false}
        locale={{ emptyText: !r ? '—' : r.checked - r.local > 0 ? '当日订单与支付平台一致' : '当日没有需要与支付平台核对的订单' }}
        columns={[
          { title: '订单号', render: (_, m) => m.order.orderNo },
          { title: '用户', render: (_, m) => m.order.userPhone },
          { title: '本地', render: (_, m) => `${m.order.statusName} ${formatYuan(m.order.amount)}` },
          { title: '支付平台', render: (_, m) => `${STATE[m.providerState]}${m.providerAmount === null ? '' : ` ${formatYuan(m.providerAmount)}`}` },
          { title: '问题', render: (_, m) => <Tag color={m.fixable ? 'red' : 'orange'}>{m.problemName}</Tag> },
          { title: '说明', render: (_, m) => m.detail || (m.providerTxnId ? `交易号 ${m.providerTxnId}` : '—') },
          { title: '操作', render: (_, m) => (m.fixable ? <a onClick={() => setFixing(m)}>补单</a> : null) },
        ]}
      />
      <Modal
        open={!!fixing}
        title="对账补单"
        okText="确认补单"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        confirmLoading={busy}
        onOk={fix}
        onCancel={() => setFixing(null)}
      >
        {fixing && (
          <>
            <p>
              支付平台显示订单 {fixing.order.orderNo} 已收款 {fixing.providerAmount === null ? '' : formatYuan(fixing.providerAmount)}（交易号 {fixing.providerTxnId}
              ），本地仍未到账。补单将按支付回调的同一流程把订单记为已支付并发放权益，只会生效一次。
            </p>
            <Input.TextArea rows={2} placeholder="补单原因（必填）" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </>
        )}
      </Modal>
    </Drawer>
  );
}
