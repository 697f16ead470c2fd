import { useState } from 'react';
import { Alert, DatePicker, Space, Spin, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { formatYuan } from '@btz/shared';
import { adminMoneyCalls, type DashboardDay, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';
import { LineChart } from './Chart';
import { TenantFilter, useTenantNames } from './TenantField';

const fmtInt = (v: number) => v.toLocaleString('zh-CN');
const fmtYuan = (v: number) => formatYuan(v);
const fmtCost = (v: number) => `¥${v.toFixed(v < 1 && v > 0 ? 4 : 2)}`;
const fmtTokens = (v: number) => (v >= 10_000 ? `${(v / 10_000).toFixed(v >= 100_000 ? 0 : 1)}万` : fmtInt(v));

/** Figures per day from the database: the operator's tenant (every tenant, or one, for the super-operator), with charts. */
export default function DashboardPage() {
  const op = useOutletContext<OperatorView>();
  const names = useTenantNames();
  const [tenantId, setTenantId] = useState<string | undefined>();
  // none picked: the server's last 30 days (calendar days in Asia/Shanghai, not the browser's zone)
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = { tenantId, from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD') };
  const data = useQuery({ queryKey: ['admin', 'dashboard', query], queryFn: () => adminCall(adminMoneyCalls.dashboard, { query }) });
  const d = data.data;
  const dates = d?.days.map((x) => x.date) ?? [];
  const col = (k: keyof DashboardDay) => d?.days.map((x) => x[k] as number) ?? [];
  const stats: [string, string][] = d
    ? [
        ['注册用户', fmtInt(d.totals.signUps)],
        ['付费用户', fmtInt(d.totals.payingUsers)],
        ['收入', fmtYuan(d.totals.revenue)],
        ['退款', fmtYuan(d.totals.refunds)],
        ['订单（已支付 / 全部）', `${fmtInt(d.totals.paidOrders)} / ${fmtInt(d.totals.orders)}`],
        ['新建标书', fmtInt(d.totals.bidsStarted)],
        ['写完标书', fmtInt(d.totals.bidsWritten)],
        ['完成标书', fmtInt(d.totals.bidsFinished)],
        ['大模型 token（输入 / 输出）', `${fmtTokens(d.totals.promptTokens)} / ${fmtTokens(d.totals.completionTokens)}`],
        ['大模型估算费用', fmtCost(d.totals.llmCost)],
      ]
    : [];
  return (
    <div className="admin-page" data-testid="admin-dashboard">
      <h2 className="admin-page__title">数据概览</h2>
      <Space className="admin-toolbar" wrap>
        {op.role === 'super' && <TenantFilter value={tenantId} onChange={setTenantId} names={names} />}
        <DatePicker.RangePicker
          allowClear={false}
          value={range ?? (d ? [dayjs(d.from), dayjs(d.to)] : null)}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
        <span className="admin-muted">按北京时间逐日统计，数据直接来自数据库</span>
      </Space>
      {data.isError && <Alert type="error" showIcon message={(data.error as Error).message} />}
      {!d ? (
        data.isLoading && <Spin />
      ) : (
        <>
          <div className="admin-stats">
            {stats.map(([label, value]) => (
              <div className="admin-stat" key={label}>
                <div className="admin-stat__label">{label}</div>
                <div className="admin-stat__value">{value}</div>
              </div>
            ))}
          </div>
          {d.unpricedModels.length > 0 && (
            <Alert
              className="admin-toolbar"
              type="warning"
              showIcon
              message={`以下模型未在 LLM_PRICES 中配置单价，费用未计入：${d.unpricedModels.join('、')}`}
            />
          )}
          <div className="admin-charts">
            <LineChart
              title="注册与付费用户"
              dates={dates}
              series={[
                { name: '注册', color: '#1677ff', values: col('signUps') },
                { name: '付费', color: '#52c41a', values: col('payingUsers') },
              ]}
              format={fmtInt}
            />
            <LineChart
              title="收入与退款（元）"
              dates={dates}
              series={[
                { name: '收入', color: '#fa8c16', values: col('revenue') },
                { name: '退款', color: '#f5222d', values: col('refunds') },
              ]}
              format={fmtYuan}
            />
            <LineChart
              title="订单"
              dates={dates}
              series={[
                { name: '下单', color: '#8c8c8c', values: col('orders') },
                { name: '已支付', color: '#52c41a', values: col('paidOrders') },
              ]}
              format={fmtInt}
            />
            <LineChart
              title="标书"
              dates={dates}
              series={[
                { name: '新建', color: '#1677ff', values: col('bidsStarted') },
                { name: '写完', color: '#722ed1', values: col('bidsWritten') },
                { name: '完成', color: '#13c2c2', values: col('bidsFinished') },
              ]}
              format={fmtInt}
            />
            <LineChart
              title="大模型 token"
              dates={dates}
              series={[
                { name: '输入', color: '#2f54eb', values: col('promptTokens') },
                { name: '输出', color: '#eb2f96', values: col('completionTokens') },
              ]}
              format={fmtTokens}
            />
            <LineChart title="大模型估算费用（元）" dates={dates} series={[{ name: '费用', color: '#faad14', values: col('llmCost') }]} format={fmtCost} />
          </div>
          <Table<DashboardDay>
            rowKey="date"
            size="small"
            dataSource={[...d.days].reverse()}
            pagination={{ pageSize: 10 }}
            scroll={{ x: 1100 }}
            columns={[
              { title: '日期', dataIndex: 'date', fixed: 'left' },
              { title: '注册', dataIndex: 'signUps' },
              { title: '付费用户', dataIndex: 'payingUsers' },
              { title: '收入', render: (_, r) => fmtYuan(r.revenue) },
              { title: '退款', render: (_, r) => fmtYuan(r.refunds) },
              { title: '下单', dataIndex: 'orders' },
              { title: '已支付', dataIndex: 'paidOrders' },
              { title: '新建标书', dataIndex: 'bidsStarted' },
              { title: '写完', dataIndex: 'bidsWritten' },
              { title: '完成', dataIndex: 'bidsFinished' },
              { title: '输入 token', render: (_, r) => fmtInt(r.promptTokens) },
              { title: '输出 token', render: (_, r) => fmtInt(r.completionTokens) },
              { title: '估算费用', render: (_, r) => fmtCost(r.llmCost) },
            ]}
          />
        </>
      )}
    </div>
  );
}
