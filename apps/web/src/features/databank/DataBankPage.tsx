import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Select, Table, Tabs, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_DOC_TYPES, DATA_LIMITS, DATA_TEXTS } from '@btz/shared';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { dataKeys, deleteDataDoc, fetchDataTags, listDataDocs, saveDataDoc, type DataDocItem } from './api';
import { DocForm, fromFormValues, toFormValues, type DocFormValues } from './DocForm';
import { FilePreview } from './FilePreview';
import './databank.css';

const PAGE_SIZE = 20;

/** 已过期 in red, within 30 days orange, within 90 days gold; the date and the days left. */
export function ExpiryCell({ doc }: { doc: DataDocItem }) {
  if (!doc.expiry) return <span className="db-muted">长期有效</span>;
  const n = doc.daysLeft ?? 0;
  return (
    <span className="db-expiry">
      <span>{doc.expiry}</span>
      {n < 0 ? (
        <Tag color="red">{DATA_TEXTS.expired}</Tag>
      ) : n <= DATA_LIMITS.expiringDays ? (
        <Tag color={n <= DATA_LIMITS.noticeDays ? 'orange' : 'gold'}>{DATA_TEXTS.daysLeft(n)}</Tag>
      ) : null}
    </span>
  );
}

/**
 * /workbench/DataBank (and /workbench/data/BidDocuments): the owner's documents — search, type and tag filters, paging,
 * the 即将到期 tab (90 days, soonest first), preview, edit, delete.
 */
export function DataBankPage({ initialTab = 'all' }: { initialTab?: 'all' | 'expiring' }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tab, setTab] = useState<'all' | 'expiring'>(initialTab);
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const [tag, setTag] = useState('');
  const [editing, setEditing] = useState<DataDocItem | null>(null);
  const [preview, setPreview] = useState<DataDocItem | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<DocFormValues>();

  const query = { current, size: PAGE_SIZE, keyword, type, tag, expiring: tab === 'expiring' ? DATA_LIMITS.expiringDays : undefined };
  const list = useQuery({ queryKey: dataKeys.list(query), queryFn: () => listDataDocs(query), placeholderData: keepPreviousData });
  const tags = useQuery({ queryKey: dataKeys.tags, queryFn: fetchDataTags });
  const refresh = () => void qc.invalidateQueries({ queryKey: dataKeys.all });

  const remove = async (d: DataDocItem) => {
    const ok = await confirmDialog(`确定删除资料「${d.name}」吗？删除后不可恢复。`, { danger: true });
    if (!ok) return;
    try {
      await deleteDataDoc(d.id);
      toast.success(DATA_TEXTS.deleted);
      if (list.data && list.data.records.length === 1 && current > 1) setCurrent(current - 1);
      refresh();
    } catch (e) {
      toast.error(errorText(e, '删除失败，请稍后重试'));
    }
  };

  const edit = (d: DataDocItem) => {
    setEditing(d);
    form.setFieldsValue(toFormValues(d) as DocFormValues);
  };
  const saveEdit = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveDataDoc(editing.id, fromFormValues(values));
      toast.success('已保存');
      setEditing(null);
      refresh();
    } catch (e) {
      toast.error(errorText(e, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  const data = list.data;
  const filtered = !!keyword || !!type || !!tag;
  const expiredCount = data?.records.filter((r) => (r.daysLeft ?? 0) < 0 && r.expiry).length ?? 0;

  return (
    <div className="wb-screen db-lib">
      <div className="db-head">
        <h1 className="wb-screen__title">资料库</h1>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/workbench/data/upload')} data-testid="db-upload">
          上传资料
        </Button>
      </div>
      <div className="wb-card db-card">
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as 'all' | 'expiring');
            setCurrent(1);
          }}
          items={[
            { key: 'all', label: '全部资料' },
            { key: 'expiring', label: `即将到期（${DATA_LIMITS.expiringDays} 天内）` },
          ]}
        />
        <div className="db-filters">
          <Input.Search
            allowClear
            placeholder="搜索名称、编号、发证机关、持证人、标签"
            onSearch={(v) => {
              setKeyword(v.trim());
              setCurrent(1);
            }}
            style={{ width: 320 }}
            data-testid="db-search"
          />
          <Select
            allowClear
            placeholder="资料类型"
            value={type || undefined}
            onChange={(v?: string) => {
              setType(v ?? '');
              setCurrent(1);
            }}
            options={DATA_DOC_TYPES.map((t) => ({ value: t, label: t }))}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder="标签"
            value={tag || undefined}
            onChange={(v?: string) => {
              setTag(v ?? '');
              setCurrent(1);
            }}
            options={(tags.data ?? []).map((t) => ({ value: t, label: t }))}
            style={{ width: 160 }}
          />
        </div>
        {tab === 'expiring' && expiredCount ? (
          <Alert type="error" showIcon className="db-alert" message={`有 ${expiredCount} 份资料已过期，请尽快更新，以免投标时资质失效`} />
        ) : null}
        {list.isError ? <Alert type="error" showIcon message={errorText(list.error, '资料加载失败，请稍后重试')} /> : null}
        <Table<DataDocItem>
          rowKey="id"
          data-testid="db-table"
          loading={list.isFetching && !data}
          dataSource={data?.records ?? []}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setCurrent,
            showTotal: (n) => `共 ${n} 份`,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText: (
              <Empty
                description={
                  filtered ? '没有符合条件的资料' : tab === 'expiring' ? `${DATA_LIMITS.expiringDays} 天内没有到期的资料` : '还没有资料，上传营业执照、资质证书等，写标书时可直接引用'
                }
              >
                {!filtered && tab === 'all' ? (
                  <Button type="primary" onClick={() => navigate('/workbench/data/upload')}>
                    上传资料
                  </Button>
                ) : null}
              </Empty>
            ),
          }}
          columns={[
            {
              title: '资料名称',
              dataIndex: 'name',
              render: (_, d) => (
                <div>
                  <div className="db-name">{d.name}</div>
                  {d.person ? <div className="db-muted">持证人：{d.person}</div> : null}
                  {d.client ? (
                    <div className="db-muted">
                      甲方：{d.client}
                      {d.year ? ` · ${d.year} 年` : ''}
                      {d.amount != null ? ` · ¥${d.amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : ''}
                    </div>
                  ) : null}
                </div>
              ),
            },
            { title: '类型', dataIndex: 'type', width: 110, render: (t: string) => <Tag>{t}</Tag> },
            {
              title: '编号 / 信用代码',
              width: 210,
              render: (_, d) => (
                <div className="db-code">
                  {d.number ? <div>{d.number}</div> : null}
                  {d.creditCode ? <div className={d.number ? 'db-muted' : undefined}>{d.creditCode}</div> : null}
                  {!d.number && !d.creditCode ? <span className="db-muted">—</span> : null}
                </div>
              ),
            },
            { title: '发证机关', dataIndex: 'issuer', width: 190, render: (v: string | null) => v ?? <span className="db-muted">—</span> },
            { title: '有效期至', width: 200, render: (_, d) => <ExpiryCell doc={d} /> },
            { title: '标签', dataIndex: 'tags', width: 140, render: (ts: string[]) => ts.map((t) => <Tag key={t}>{t}</Tag>) },
            {
              title: '操作',
              width: 230,
              render: (_, d) => (
                <span className="db-ops">
                  <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setPreview(d)}>
                    查看
                  </Button>
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => edit(d)}>
                    编辑
                  </Button>
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => void remove(d)}>
                    删除
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </div>

      <Modal open={!!editing} title="编辑资料" okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => void saveEdit()} onCancel={() => setEditing(null)} width={760} destroyOnHidden>
        <DocForm form={form} tagOptions={tags.data ?? []} />
      </Modal>
      <Modal open={!!preview} title={preview?.name} footer={null} onCancel={() => setPreview(null)} width={900} destroyOnHidden>
        {preview ? <FilePreview id={preview.id} kind={preview.fileKind} name={preview.fileName} /> : null}
      </Modal>
    </div>
  );
}
