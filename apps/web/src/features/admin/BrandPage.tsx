import { useEffect, useState } from 'react';
import { Button, Card, ColorPicker, Form, Input, Select, Space, Table, Tag, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { adminBrandCalls, adminCalls, BRAND_LOGO_FIELDS, BRAND_TEXT_FIELDS, type AdminBrand, type AdminRouteRule, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';

type Values = Record<string, string>;

/**
 * Brand (issue 28): the tenant branding texts and logos of spec §3, the SEO texts (empty: the built-in ones), the hosts
 * that serve the brand (the super-operator edits them) and per-path route rules. Saved changes are served at once.
 */
export default function BrandPage() {
  const op = useOutletContext<OperatorView>();
  const queryClient = useQueryClient();
  const tenants = useQuery({ queryKey: ['admin', 'tenants'], queryFn: () => adminCall(adminCalls.tenants) });
  const [tenantId, setTenantId] = useState<string | undefined>(op.tenantId ?? undefined);
  useEffect(() => {
    if (!tenantId && tenants.data?.length) setTenantId(tenants.data[0]!.id);
  }, [tenantId, tenants.data]);
  const key = ['admin', 'brand', tenantId];
  const brand = useQuery({ queryKey: key, enabled: !!tenantId, queryFn: () => adminCall(adminBrandCalls.brand, { query: { tenantId } }) });
  const [form] = Form.useForm<Values>();
  // the logo previews follow the fields (an upload fills one in)
  const watched = (Form.useWatch([], form) ?? {}) as Values;
  const [hosts, setHosts] = useState<string[]>([]);
  const [rule] = Form.useForm<{ path: string; redirect: string; appMiddleware: string[] }>();
  const [busy, setBusy] = useState('');
  const b = brand.data;
  useEffect(() => {
    if (!b) return;
    form.setFieldsValue({ ...b.texts, ...b.logos, seoTitle: b.seo.title, seoDescription: b.seo.description, seoKeywords: b.seo.keywords });
    setHosts(b.hosts);
  }, [b, form]);

  /** 上传 Logo: the checked picture's path goes into the field; saving the brand makes it the logo. */
  const uploadLogo = async (field: string, file: File) => {
    if (file.size > 5 * 1024 * 1024) {
      message.error('Logo 图片不能超过 5 MB');
      return;
    }
    setBusy(`logo-${field}`);
    try {
      const form_ = new FormData();
      form_.append('file', file);
      const { path } = await adminCall(adminBrandCalls.uploadLogo, { query: { tenantId }, form: form_ });
      form.setFieldValue(field, path);
      message.success('已上传，保存品牌设置后生效');
    } catch (e) {
      message.error(e instanceof Error ? e.message : '上传失败');
    } finally {
      setBusy('');
    }
  };

  const run = async (what: string, f: () => Promise<AdminBrand>, done: string) => {
    setBusy(what);
    try {
      queryClient.setQueryData(key, await f());
      message.success(done);
      return true;
    } catch (e) {
      message.error((e as Error).message);
      return false;
    } finally {
      setBusy('');
    }
  };
  const save = (v: Values) =>
    run('brand', () => adminCall(adminBrandCalls.saveBrand, { body: { ...v, primaryColor: String(v.primaryColor ?? ''), name: v.name ?? '', tenantId } as never }), '品牌设置已保存，公开网站已生效');
  const saveHosts = () => run('hosts', () => adminCall(adminBrandCalls.saveHosts, { body: { tenantId: tenantId!, hosts } }), '域名映射已保存');
  const saveRule = async (v: { path: string; redirect?: string; appMiddleware?: string[] }) => {
    const ok = await run('rule', () => adminCall(adminBrandCalls.saveRouteRule, { body: { tenantId, path: v.path, redirect: v.redirect ?? '', appMiddleware: v.appMiddleware ?? [] } }), '路由规则已保存');
    if (ok) rule.resetFields();
  };
  const removeRule = (r: AdminRouteRule) => run('rule', () => adminCall(adminBrandCalls.saveRouteRule, { body: { tenantId, path: r.path, remove: true } }), '路由规则已删除');

  return (
    <div className="admin-page admin-brand">
      <h2 className="admin-page__title">品牌设置</h2>
      {op.role === 'super' ? (
        <Space className="admin-toolbar">
          <span>租户</span>
          <Select style={{ width: 260 }} value={tenantId} onChange={setTenantId} options={(tenants.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.id}）` }))} />
        </Space>
      ) : null}
      {b ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card title="品牌信息与 SEO" size="small">
            <Form form={form} layout="vertical" onFinish={save} className="admin-brand__form">
              <div className="admin-grid">
                {(Object.keys(BRAND_TEXT_FIELDS) as (keyof typeof BRAND_TEXT_FIELDS)[]).map((k) =>
                  k === 'primaryColor' ? (
                    <Form.Item key={k} name={k} label={BRAND_TEXT_FIELDS[k]} getValueFromEvent={(c) => c.toHexString()}>
                      <ColorPicker showText disabledAlpha />
                    </Form.Item>
                  ) : (
                    <Form.Item key={k} name={k} label={BRAND_TEXT_FIELDS[k]} rules={k === 'name' ? [{ required: true, whitespace: true, message: '请填写品牌名称' }] : undefined}>
                      <Input maxLength={k === 'name' ? 20 : 60} />
                    </Form.Item>
                  ),
                )}
              </div>
              <h4 className="admin-brand__sub">Logo 与图片（上传图片，或填写本站图片路径，如 /brand/{b.code}/logo-light.svg）</h4>
              <div className="admin-grid">
                {(Object.keys(BRAND_LOGO_FIELDS) as (keyof typeof BRAND_LOGO_FIELDS)[]).map((k) => (
                  <Form.Item key={k} label={BRAND_LOGO_FIELDS[k]}>
                    <Space.Compact style={{ width: '100%' }}>
                      <Form.Item name={k} noStyle>
                        <Input maxLength={500} aria-label={BRAND_LOGO_FIELDS[k]} />
                      </Form.Item>
                      <span className="admin-brand__thumb">{watched[k] ? <img src={watched[k]} alt="" /> : null}</span>
                      <Upload
                        accept="image/png,image/jpeg,image/gif,image/webp"
                        showUploadList={false}
                        beforeUpload={(file) => {
                          void uploadLogo(k, file);
                          return false;
                        }}
                      >
                        <Button icon={<UploadOutlined />} loading={busy === `logo-${k}`} aria-label={`上传${BRAND_LOGO_FIELDS[k]}`} data-testid={`logo-upload-${k}`} />
                      </Upload>
                    </Space.Compact>
                  </Form.Item>
                ))}
              </div>
              <h4 className="admin-brand__sub">SEO（留空则使用默认文案）</h4>
              <Form.Item name="seoTitle" label="首页标题" extra="也用于其他页面标题的站点名：「行业动态 - 首页标题」">
                <Input maxLength={80} placeholder={b.seoDefaults.title} />
              </Form.Item>
              <Form.Item name="seoDescription" label="站点描述">
                <Input.TextArea maxLength={300} rows={2} placeholder={b.seoDefaults.description} />
              </Form.Item>
              <Form.Item name="seoKeywords" label="关键词（英文逗号分隔）">
                <Input maxLength={200} placeholder={b.seoDefaults.keywords} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy === 'brand'}>
                保存品牌设置
              </Button>
            </Form>
          </Card>

          <Card title="域名" size="small" extra={op.role === 'super' ? null : <span className="admin-muted">域名映射由平台超级运营维护</span>}>
            {op.role === 'super' ? (
              <Space.Compact style={{ width: '100%' }}>
                <Select mode="tags" style={{ width: '100%' }} value={hosts} onChange={setHosts} placeholder="输入域名后回车，如 www.example.com" tokenSeparators={[',', ' ']} aria-label="域名" />
                <Button type="primary" loading={busy === 'hosts'} onClick={saveHosts}>
                  保存域名
                </Button>
              </Space.Compact>
            ) : (
              <Space wrap>{b.hosts.length ? b.hosts.map((h) => <Tag key={h}>{h}</Tag>) : <span className="admin-muted">未配置专属域名</span>}</Space>
            )}
          </Card>

          <Card title="路由规则（本品牌）" size="small">
            <Table<AdminRouteRule>
              rowKey="path"
              size="small"
              pagination={false}
              dataSource={b.routeRules}
              locale={{ emptyText: '没有本品牌专属的路由规则' }}
              columns={[
                { title: '路径', dataIndex: 'path' },
                { title: '跳转到', render: (_, r) => r.redirect || '—' },
                { title: '中间件', render: (_, r) => (r.appMiddleware.length ? r.appMiddleware.map((m) => <Tag key={m}>{m}</Tag>) : '—') },
                { title: '操作', width: 80, render: (_, r) => <a onClick={() => void removeRule(r)}>删除</a> },
              ]}
            />
            <Form form={rule} layout="inline" onFinish={saveRule} className="admin-brand__rule">
              <Form.Item name="path" rules={[{ required: true, message: '请填写路径' }]}>
                <Input placeholder="路径，如 /promo" style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="redirect">
                <Input placeholder="跳转到，如 /home/business.html" style={{ width: 280 }} />
              </Form.Item>
              <Form.Item name="appMiddleware">
                <Select mode="tags" placeholder="中间件（可选）" style={{ width: 200 }} />
              </Form.Item>
              <Button htmlType="submit" loading={busy === 'rule'}>
                添加 / 更新规则
              </Button>
            </Form>
          </Card>
        </Space>
      ) : brand.isError ? (
        <p className="admin-muted">{(brand.error as Error).message}</p>
      ) : null}
    </div>
  );
}
