import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Switch, Table, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan, PRIVILEGES, type PrivilegeId } from '@btz/shared';
import { adminCalls, type AdminPackage } from '@btz/shared/calls';
import { adminCall } from './api';
import { TenantField, useTenantNames } from './TenantField';

type Values = Omit<AdminPackage, 'id' | 'tenantId' | 'updateTime' | 'type' | 'unitType' | 'bidType'> & {
  tenantId?: string;
  type: 1 | 2;
  unitType: 1 | 2;
  bidType: 1 | 2 | null;
};

const EMPTY: Values = {
  title: '',
  type: 1,
  unitType: 2,
  money: 1,
  strokeMoney: 0,
  validDay: 0,
  describes: '',
  cornerMark: '',
  bidType: 1,
  privilegeValueList: [],
  sort: 0,
  enabled: true,
};

/** Packages (recharge options): price, original price, validity, describes with {count}, corner mark, version, privileges, order, visibility. */
export default function PackagesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'packages'], queryFn: () => adminCall(adminCalls.packages, { query: {} }) });
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const names = useTenantNames();
  const open = (p: AdminPackage | 'new') => {
    setEditing(p);
    form.setFieldsValue(p === 'new' ? EMPTY : (p as unknown as Values));
  };
  const save = async (v: Values) => {
    setBusy(true);
    try {
      const id = editing && editing !== 'new' ? editing.id : undefined;
      await adminCall(adminCalls.savePackage, { body: { ...v, privilegeValueList: v.privilegeValueList as PrivilegeId[], bidType: v.unitType === 2 ? v.bidType : null, ...(id ? { id } : {}) } });
      message.success('套餐已保存');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'packages'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const unitType = Form.useWatch('unitType', form);
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">套餐</h2>
      <p>修改只影响之后的新订单：已下的订单按下单时的套餐计价和发放权益。</p>
      <Button type="primary" className="admin-toolbar" onClick={() => open('new')}>
        新增套餐
      </Button>
      <Table<AdminPackage>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: '租户', render: (_, p) => names[p.tenantId] ?? p.tenantId },
          { title: '标题', dataIndex: 'title' },
          { title: '类型', render: (_, p) => (p.type === 1 ? '个人' : '企业') },
          { title: '计费', render: (_, p) => (p.unitType === 1 ? `${p.validDay} 天` : p.bidType === 2 ? '旗舰版 / 份' : '普通版 / 份') },
          { title: '价格', render: (_, p) => formatYuan(p.money) },
          { title: '原价', render: (_, p) => (p.strokeMoney ? formatYuan(p.strokeMoney) : '—') },
          { title: '角标', render: (_, p) => (p.cornerMark ? <Tag color="red">{p.cornerMark}</Tag> : '—') },
          { title: '排序', dataIndex: 'sort' },
          { title: '状态', render: (_, p) => <Tag color={p.enabled ? 'green' : 'default'}>{p.enabled ? '上架' : '下架'}</Tag> },
          { title: '操作', render: (_, p) => <a onClick={() => open(p)}>编辑</a> },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增套餐' : '编辑套餐'}
        okText="保存"
        cancelText="取消"
        width={640}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" onFinish={save}>
          {editing === 'new' && <TenantField />}
          <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="type" label="套餐类型">
            <Radio.Group options={[{ value: 1, label: '个人' }, { value: 2, label: '企业' }]} />
          </Form.Item>
          <Form.Item name="unitType" label="计费方式">
            <Radio.Group options={[{ value: 1, label: '按时长（会员）' }, { value: 2, label: '按份数' }]} />
          </Form.Item>
          {unitType === 1 ? (
            <Form.Item name="validDay" label="有效天数" rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} />
            </Form.Item>
          ) : (
            <Form.Item name="bidType" label="标书版本">
              <Radio.Group options={[{ value: 1, label: '普通版' }, { value: 2, label: '旗舰版' }]} />
            </Form.Item>
          )}
          <Form.Item name="money" label="价格（元）" rules={[{ required: true }]}>
            <InputNumber min={0.01} step={1} precision={2} />
          </Form.Item>
          <Form.Item name="strokeMoney" label="原价（元，划线价）">
            <InputNumber min={0} step={1} precision={2} />
          </Form.Item>
          <Form.Item name="describes" label="描述" extra="可用 {count} 表示购买数量">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="cornerMark" label="角标">
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="privilegeValueList" label="权益">
            <Checkbox.Group options={Object.entries(PRIVILEGES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={10000} />
          </Form.Item>
          <Form.Item name="enabled" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
