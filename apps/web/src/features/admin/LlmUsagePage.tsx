import { useState } from 'react';
import { Alert, DatePicker, Descriptions, Segmented, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { adminMoneyCalls, type LlmUsageRow, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';
import { TenantFilter, useTenantNames } from './TenantField';

type By = 'tenant' | 'user' | 'bid';
const BY_LABEL: Record<By, string> = { tenant: '按租户', user: '按用户', bid: '按标书' };
const KEY_TITLE: Record<By, string> = { tenant: '租户', user: '用户（手机号）', bid: '标书' };
const fmt = (v: number) => v.toLocaleString('zh-CN');
const cost = (v: number | null) => (v === null ? '未定价' : `¥${v.toFixed(v > 0 && v < 1 ? 4 : 2)}`);

/** Tokens and estimated cost per tenant, user and bid; the model configuration in force (no secrets). */
export default function LlmUsagePage() {
  const op = useOutletContext<OperatorView>();
  const names = useTenantNames();
  const [by, setBy] = useState<By>(op.role === 'super' ? 'tenant' : 'user');
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = { by, tenantId, from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD') };
  const usage = useQuery({ queryKey: ['admin', 'llm-usage', query], queryFn: () => adminCall(adminMoneyCalls.llmUsage, { query }) });
  const config = useQuery({ queryKey: ['admin', 'llm-config'], queryFn: () => adminCall(adminMoneyCalls.llmConfig) });
  const u = usage.data;
  const c = config.data;
  return (
    <div className="admin-page" data-testid="admin-llm">
      <h2 className="admin-page__title">大模型用量</h2>
      {c && (
        <Descriptions className="admin-toolbar" size="small" bordered column={3} title="当前模型配置">
          <Descriptions.Item label="写作方式">{c.provider === 'offline' ? '离线模板写作（未配置大模型）' : 'OpenAI 兼容接口'}</Descriptions.Item>
          <Descriptions.Item label="模型">{c.model || '—'}</Descriptions.Item>
          <Descriptions.Item label="接口地址">{c.baseUrl || '—'}</Descriptions.Item>
          <Descriptions.Item label="API Key">{c.apiKeySet ? '已配置（不显示）' : '未配置'}</Descriptions.Item>
          <Descriptions.Item label="并发上限">{c.concurrency}</Descriptions.Item>
          <Descriptions.Item label="超时（首字 / 空闲）">
            {c.firstTokenTimeoutMs / 1000} 秒 / {c.idleTimeoutMs / 1000} 秒
          </Descriptions.Item>
          <Descriptions.Item label="单价（元 / 百万 token）" span={3}>
            {c.prices.length
              ? c.prices.map((p) => (
                  <Tag key={p.model}>
                    {p.model}：输入 {p.prompt} · 缓存命中 {p.cached} · 输出 {p.completion}
                  </Tag>
                ))
              : '未配置 LLM_PRICES：只统计 token，不估算费用'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Space className="admin-toolbar" wrap>
        <Segmented<By> value={by} onChange={setBy} options={(['tenant', 'user', 'bid'] as By[]).map((v) => ({ value: v, label: BY_LABEL[v] }))} />
        {op.role === 'super' && <TenantFilter value={tenantId} onChange={setTenantId} names={names} />}
        <DatePicker.RangePicker
          allowClear={false}
          value={range ?? (u ? [dayjs(u.from), dayjs(u.to)] : null)}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
      </Space>
      {usage.isError && <Alert type="error" showIcon message={(usage.error as Error).message} />}
      {u && u.unpricedModels.length > 0 && <Alert className="admin-toolbar" type="warning" showIcon message={`未定价的模型（费用未计入）：${u.unpricedModels.join('、')}`} />}
      {u && (
        <p className="admin-muted">
          {u.from} 至 {u.to}：调用 {fmt(u.totals.calls)} 次，输入 {fmt(u.totals.promptTokens)}（缓存命中 {fmt(u.totals.cachedTokens)}）、输出 {fmt(u.totals.completionTokens)} token，估算费用{' '}
          {cost(u.totals.cost)}
        </p>
      )}
      <Table<LlmUsageRow>
        rowKey={(r) => `${r.key}-${r.tenantId ?? ''}`}
        loading={usage.isLoading}
        dataSource={u?.rows}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: '该时间段没有大模型调用' }}
        columns={[
          { title: KEY_TITLE[by], render: (_, r) => r.name },
          ...(by === 'tenant' ? [] : [{ title: '租户', render: (_: unknown, r: LlmUsageRow) => r.tenantName }]),
          { title: '调用次数', render: (_, r) => fmt(r.calls) },
          { title: '输入 token', render: (_, r) => fmt(r.promptTokens) },
          { title: '其中缓存命中', render: (_, r) => fmt(r.cachedTokens) },
          { title: '输出 token', render: (_, r) => fmt(r.completionTokens) },
          { title: '估算费用', render: (_, r) => cost(r.cost) },
          {
            title: '模型',
            render: (_, r) => (
              <>
                {r.models.map((m) => (
                  <Tag key={m}>{m}</Tag>
                ))}
                {r.estimated && <Tag color="orange">含估算</Tag>}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
