import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Table, Tag } from 'antd';
import { CrownFilled, ReloadOutlined } from '@ant-design/icons';
import { ORDER_STATUS, ORDER_STATUS_LABEL, PAY_TYPE_LABEL, UNIT_TYPE, formatYuan, type OrderRecord } from '@btz/shared';
import { openPurchase } from '../../lib/events';
import { fetchOrderList, fetchOrderSelect, purchaseKeys } from './api';
import { versionName } from './logic';
import { formatTime } from '../../lib/time';

const STATUS_COLOR: Record<number, string> = {
  [ORDER_STATUS.unpaid]: 'processing',
  [ORDER_STATUS.paid]: 'success',
  [ORDER_STATUS.closed]: 'default',
  [ORDER_STATUS.refunded]: 'warning',
};

/** `YYYY-MM-DD HH:mm:ss` → `YYYY-MM-DD HH:mm` (DESIGN.md dates); empty → 「—」. */

export function orderTitle(o: Pick<OrderRecord, 'title' | 'unitType' | 'number' | 'bidType'>): string {
  if (o.unitType !== UNIT_TYPE.perCopy) return o.title;
  const v = versionName(o.bidType);
  return `${o.title.includes(v) ? o.title : `${o.title}（${v}）`} × ${o.number}`;
}

const SETTLED = 'settled';
const ALL = 'all';

/**
 * Recharge records (issue 4): the user's orders, paged, with status, amount, method and times — paid and refunded ones
 * by default; unpaid and closed ones (every QR the dialog made) only when the filter asks for them.
 */
export function RechargeRecords() {
  const [page, setPage] = useState({ current: 1, size: 10 });
  // paid and refunded orders by default: an order the dialog created and closed unpaid is no purchase (behind the filter)
  const [filter, setFilter] = useState<string>(SETTLED);
  const status = filter === SETTLED || filter === ALL ? undefined : Number(filter);
  const params = { ...page, status, statusIn: filter === SETTLED ? '2,4' : undefined };
  const orders = useQuery({
    queryKey: purchaseKeys.orders(params),
    queryFn: () => fetchOrderList(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const select = useQuery({ queryKey: purchaseKeys.orderSelect, queryFn: fetchOrderSelect, staleTime: 10 * 60_000 });
  const statusOptions = [
    { value: SETTLED, label: '已支付和已退款' },
    { value: ALL, label: '全部（含未支付、已关闭）' },
    ...(select.data?.status ?? Object.entries(ORDER_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }))).map((o) => ({
      value: String(o.value),
      label: o.label,
    })),
  ];

  return (
    <div className="pf-records" data-testid="recharge-records">
      <div className="pf-records__bar">
        <Select
          aria-label="订单状态"
          style={{ width: 220 }}
          value={filter}
          options={statusOptions}
          onChange={(v: string) => {
            setFilter(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          刷新
        </Button>
      </div>
      <Table<OrderRecord>
        rowKey="id"
        size="middle"
        loading={orders.isLoading}
        dataSource={orders.data?.records ?? []}
        scroll={{ x: 1130 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter === SETTLED ? '还没有充值记录' : '没有该状态的订单'}>
              {filter === SETTLED ? (
                <Button type="primary" icon={<CrownFilled />} onClick={() => openPurchase({})}>
                  开通会员
                </Button>
              ) : null}
            </Empty>
          ),
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 200, render: (v: string) => <span className="pf-mono">{v}</span> },
          { title: '套餐', key: 'title', render: (_: unknown, o) => orderTitle(o) },
          {
            title: '金额',
            dataIndex: 'amount',
            align: 'right',
            width: 130,
            render: (v: number, o) => (
              <span className="pf-amount">
                {formatYuan(v)}
                {o.discountAmount > 0 ? <small>优惠 {formatYuan(o.discountAmount)}</small> : null}
              </span>
            ),
          },
          {
            title: '支付方式',
            dataIndex: 'payType',
            width: 100,
            render: (v: number, o) => o.payTypeName || PAY_TYPE_LABEL[v] || '—',
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 96,
            render: (v: number, o) => <Tag color={STATUS_COLOR[v] ?? 'default'}>{ORDER_STATUS_LABEL[v] ?? o.statusName ?? '—'}</Tag>,
          },
          { title: '创建时间', dataIndex: 'createTime', width: 150, render: formatTime },
          { title: '支付时间', dataIndex: 'paidTime', width: 150, render: formatTime },
          {
            title: '退款',
            key: 'refund',
            width: 170,
            render: (_: unknown, o) =>
              o.status === ORDER_STATUS.refunded ? (
                <span className="pf-refund" data-testid="order-refund">
                  {formatYuan(o.refundAmount)}
                  <small>{formatTime(o.refundTime)}</small>
                </span>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </div>
  );
}
