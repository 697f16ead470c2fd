import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContentCalls, CONTENT_KIND_NAMES, CONTENT_KINDS, type AdminContent, type ContentKind } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';
import { ContentPreview } from './ContentPreview';
import { RichTextEditor } from './RichTextEditor';
import { TenantField, useTenantNames } from './TenantField';

type Fields = Record<string, any>;

const TITLE_LABEL: Record<ContentKind, string> = { news: '标题', question: '问题', activity: '活动名称', merchant: '服务商名称', page: '页面标题', barrage: '公告内容' };
const EMPTY: Record<ContentKind, Fields> = {
  news: { title: '', summary: '', category: '', tags: [], cover: '', body: '' },
  question: { title: '', category: '', sort: 0, body: '' },
  activity: { title: '', summary: '', startTime: '', endTime: '', cover: '', sort: 0, body: '' },
  merchant: { title: '', region: '', industry: '', services: [], body: '', contactName: '', contactPhone: '', contactEmail: '', cover: '', rating: 4.5, sort: 0 },
  page: { code: '', title: '', summary: '', body: '' },
  barrage: { title: '', sort: 0 },
};
const TIME_RULE = { pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, message: '格式：2027-03-01 09:00' };

/** The fields of one kind's editor. */
function KindFields({ kind }: { kind: ContentKind }) {
  const cover = (
    <Form.Item name="cover" label={kind === 'merchant' ? '标志图片地址' : '封面图片地址'} extra="本站图片路径，如 /brand/btz/logo.svg；可留空">
      <Input maxLength={500} />
    </Form.Item>
  );
  const sort = (
    <Form.Item name="sort" label="排序（小的在前）">
      <InputNumber min={0} max={10000} />
    </Form.Item>
  );
  const body = (label: string) => (
    <Form.Item name="body" label={label}>
      <RichTextEditor label={label} />
    </Form.Item>
  );
  const summary = (
    <Form.Item name="summary" label="摘要">
      <Input.TextArea maxLength={300} rows={2} showCount />
    </Form.Item>
  );
  switch (kind) {
    case 'news':
      return (
        <>
          {summary}
          <Space size="large">
            <Form.Item name="category" label="分类">
              <Input maxLength={20} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="tags" label="标签">
              <Select mode="tags" style={{ width: 320 }} placeholder="输入后回车" maxCount={10} />
            </Form.Item>
          </Space>
          {cover}
          {body('正文')}
        </>
      );
    case 'question':
      return (
        <>
          <Space size="large">
            <Form.Item name="category" label="分类">
              <Input maxLength={20} style={{ width: 200 }} />
            </Form.Item>
            {sort}
          </Space>
          {body('回答')}
        </>
      );
    case 'activity':
      return (
        <>
          {summary}
          <Space size="large">
            <Form.Item name="startTime" label="开始时间" rules={[{ required: true, message: '请填写开始时间' }, TIME_RULE]}>
              <Input placeholder="2027-03-01 09:00" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="endTime" label="结束时间" rules={[{ required: true, message: '请填写结束时间' }, TIME_RULE]}>
              <Input placeholder="2027-03-31 18:00" style={{ width: 200 }} />
            </Form.Item>
            {sort}
          </Space>
          {cover}
          {body('活动详情')}
        </>
      );
    case 'merchant':
      return (
        <>
          <Space size="large" wrap>
            <Form.Item name="region" label="地区">
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="industry" label="行业">
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="rating" label="评分（0–5）">
              <InputNumber min={0} max={5} step={0.1} />
            </Form.Item>
            {sort}
          </Space>
          <Form.Item name="services" label="服务项目">
            <Select mode="tags" placeholder="输入后回车" maxCount={20} />
          </Form.Item>
          <Form.Item name="body" label="商家介绍">
            <Input.TextArea maxLength={2000} rows={5} showCount />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="contactName" label="联系人">
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="contactPhone" label="联系电话" extra="公开页只显示打码后的号码">
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="contactEmail" label="联系邮箱">
              <Input maxLength={100} />
            </Form.Item>
          </Space>
          {cover}
        </>
      );
    case 'page':
      return (
        <>
          <Form.Item name="code" label="页面代码" extra="页面地址为 /home/{代码}.html，只能含字母、数字、下划线和短横线" rules={[{ required: true, message: '请填写页面代码' }]}>
            <Input maxLength={64} />
          </Form.Item>
          {summary}
          {body('正文')}
        </>
      );
    case 'barrage':
      return sort;
  }
}

/**
 * Content (issue 28): the public site's news, questions, activities, merchants, static pages and the home page's
 * notices, per kind — a new item is a draft; edit, preview as the public page shows it, publish / take offline.
 */
export default function ContentPage() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ContentKind>('news');
  const [status, setStatus] = useState<'published' | 'draft' | undefined>();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<AdminContent | 'new' | null>(null);
  const [preview, setPreview] = useState<{ kind: ContentKind; fields: Fields } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Fields>();
  const names = useTenantNames();
  const key = ['admin', 'content', kind, status, keyword, current];
  const list = useQuery({ queryKey: key, queryFn: () => adminCall(adminContentCalls.contentList, { query: { kind, status, keyword, current, size: 20 } }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });

  const open = (item: AdminContent | 'new') => {
    setEditing(item);
    form.resetFields();
    form.setFieldsValue(item === 'new' ? EMPTY[kind] : { ...EMPTY[kind], ...item.fields });
  };
  const save = async (v: Fields) => {
    setBusy(true);
    try {
      const id = editing && editing !== 'new' ? editing.id : undefined;
      const saved = await adminCall(adminContentCalls.saveContent, { body: { ...EMPTY[kind], ...v, kind, ...(id ? { id } : {}) } as never });
      message.success(saved.published ? '已保存，公开页面已更新' : '已保存为草稿（未发布，公开页面不显示）');
      setEditing(null);
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const setPublished = async (item: AdminContent, published: boolean) => {
    try {
      await adminCall(adminContentCalls.publishContent, { body: { kind: item.kind, id: item.id, published } });
      message.success(published ? '已发布' : '已下线');
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const confirmPublish = (item: AdminContent, published: boolean) =>
    Modal.confirm({
      title: published ? `发布「${item.title}」？` : `下线「${item.title}」？`,
      content: published ? '发布后公开网站立即可见。' : '下线后公开网站不再显示，内容保留为草稿。',
      okText: published ? '发布' : '下线',
      cancelText: '取消',
      onOk: () => setPublished(item, published),
    });

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">内容</h2>
      <Tabs
        activeKey={kind}
        onChange={(k) => {
          setKind(k as ContentKind);
          setCurrent(1);
        }}
        items={CONTENT_KINDS.map((k) => ({ key: k, label: CONTENT_KIND_NAMES[k] }))}
      />
      {kind === 'barrage' ? (
        <p className="admin-hint">公告显示在首页「公告」一行，与购买动态分开；购买动态只展示真实的已支付订单，写成「某某刚刚开通了…」样式的公告会被拒绝。</p>
      ) : null}
      <Space className="admin-toolbar" wrap>
        <Button type="primary" onClick={() => open('new')}>
          新建{CONTENT_KIND_NAMES[kind]}
        </Button>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          options={[
            { value: 'published', label: '已发布' },
            { value: 'draft', label: '草稿 / 已下线' },
          ]}
        />
        <Input.Search
          allowClear
          placeholder="按标题搜索"
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
      </Space>
      <Table<AdminContent>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current, pageSize: 20, total: list.data?.total ?? 0, onChange: setCurrent, showTotal: (n) => `共 ${n} 条` }}
        columns={[
          { title: '租户', render: (_, r) => names[r.tenantId] ?? r.tenantId, width: 110 },
          { title: TITLE_LABEL[kind], dataIndex: 'title', ellipsis: true },
          { title: '状态', width: 90, render: (_, r) => <Tag color={r.published ? 'green' : 'default'}>{r.published ? '已发布' : '草稿'}</Tag> },
          { title: '更新时间', dataIndex: 'updateTime', width: 170, render: formatTime },
          {
            title: '操作',
            width: 260,
            render: (_, r) => (
              <Space>
                <a onClick={() => open(r)}>编辑</a>
                <a onClick={() => setPreview({ kind: r.kind, fields: r.fields })}>预览</a>
                {r.published ? <a onClick={() => confirmPublish(r, false)}>下线</a> : <a onClick={() => confirmPublish(r, true)}>发布</a>}
                {r.published && r.publicPath ? (
                  <a href={r.publicPath} target="_blank" rel="noreferrer">
                    公开页
                  </a>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={!!editing}
        title={`${editing === 'new' ? '新建' : '编辑'}${CONTENT_KIND_NAMES[kind]}`}
        size="large"
        width={860}
        destroyOnHidden
        onClose={() => setEditing(null)}
        extra={
          <Space>
            <Button onClick={() => setPreview({ kind, fields: { ...(editing && editing !== 'new' ? editing.fields : {}), ...form.getFieldsValue(true) } })}>预览</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              保存
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={save}>
          {editing === 'new' && <TenantField />}
          <Form.Item name="title" label={TITLE_LABEL[kind]} rules={[{ required: true, whitespace: true, message: `请填写${TITLE_LABEL[kind]}` }]}>
            {kind === 'barrage' ? <Input.TextArea maxLength={60} rows={2} showCount /> : <Input maxLength={kind === 'question' ? 200 : 100} />}
          </Form.Item>
          <KindFields kind={kind} />
        </Form>
      </Drawer>
      <Modal open={!!preview} title="预览" width={1000} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview ? <ContentPreview kind={preview.kind} fields={preview.fields} /> : null}
      </Modal>
    </div>
  );
}
