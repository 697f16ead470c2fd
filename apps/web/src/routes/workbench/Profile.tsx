import { useEffect } from 'react';
import { useSearchParams, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Empty, Table, Tabs, Tag } from 'antd';
import { CrownFilled, EditOutlined, UserOutlined, CheckOutlined } from '@ant-design/icons';
import {
  COUPON_STATUS_LABEL,
  FLAGS,
  PRIVILEGES,
  formatYuan,
  maskPhone,
  membershipLabel,
  profileIndex,
  type CouponRecord,
  type UserInfo,
} from '@btz/shared';
import { useUser } from '../../stores/user';
import { openPurchase } from '../../lib/events';
import { boot } from '../../lib/boot';
import { RechargeRecords } from '../../features/purchase/RechargeRecords';
import { fetchCoupons, purchaseKeys } from '../../features/purchase/api';
import { couponCondition } from '../../features/purchase/logic';
import '../../features/purchase/records.css';

function AccountInfo({ info }: { info: UserInfo }) {
  const navigate = useNavigate();
  const region = [info.province, info.city, info.district].filter(Boolean).join(' ');
  return (
    <div>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="middle"
        items={[
          { key: 'nick', label: '昵称', children: info.nickName || '—' },
          { key: 'phone', label: '手机号', children: info.maskPhone || maskPhone(info.account) || '—' },
          { key: 'real', label: '真实姓名', children: info.realName || '—' },
          { key: 'company', label: '公司名称', children: info.name || '—' },
          { key: 'email', label: '邮箱', children: info.email || '—' },
          { key: 'region', label: '所在地区', children: region || '—' },
          { key: 'wx', label: '微信绑定', children: info.isBindWeChat === 1 ? '已绑定' : '未绑定' },
          { key: 'created', label: '注册时间', children: info.createTime ? info.createTime.slice(0, 16) : '—' },
        ]}
      />
      <Button icon={<EditOutlined />} onClick={() => navigate('/workbench/user/userData')} style={{ marginTop: 12 }}>
        完善个人资料
      </Button>
    </div>
  );
}

const COUPON_TAG: Record<number, string> = { 1: 'success', 2: 'default', 3: 'default' };

function MyCoupons() {
  const q = useQuery({
    queryKey: purchaseKeys.couponPage({ current: 1, size: 100 }),
    queryFn: () => fetchCoupons({ current: 1, size: 100 }),
    staleTime: 0,
  });
  return (
    <Table<CouponRecord>
      rowKey="id"
      size="middle"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无优惠券，新用户可在开通会员时领取新人礼包" /> }}
      columns={[
        { title: '优惠券', dataIndex: 'title', render: (v: string) => v || '优惠券' },
        { title: '面额', dataIndex: 'discountAmount', align: 'right', render: (v: number) => formatYuan(v) },
        { title: '使用条件', key: 'cond', render: (_: unknown, c) => couponCondition(c) },
        { title: '有效期至', dataIndex: 'deadline', render: (v: string) => v.slice(0, 16) },
        {
          title: '状态',
          dataIndex: 'status',
          render: (v: number) => <Tag color={COUPON_TAG[v] ?? 'default'}>{COUPON_STATUS_LABEL[v] ?? '—'}</Tag>,
        },
      ]}
    />
  );
}

function VipRights({ info }: { info: UserInfo }) {
  const granted = new Set(info.privilegeList ?? []);
  return (
    <div className="pf-rights">
      <p>
        {membershipLabel(info)}，会员有效期至 <b>{info.vipExpiryTime ? info.vipExpiryTime.slice(0, 16) : '—'}</b>
      </p>
      <ul>
        {Object.entries(PRIVILEGES)
          .filter(([id]) => granted.has(id))
          .map(([id, name]) => (
            <li key={id}>
              <CheckOutlined /> {name}
            </li>
          ))}
      </ul>
    </div>
  );
}

/**
 * /workbench/profile — account summary and tabs. The `index` query picks the tab by position, and the recharge records
 * sit at index 3 for a VIP user (who has the extra 会员权益 tab) and 2 otherwise (spec §2); added when the link lacked it.
 */
export default function Profile() {
  const info = useUser((s) => s.info);
  const [params, setParams] = useSearchParams();
  const index = params.get('index');
  useEffect(() => {
    if (!index && info) setParams({ index: String(profileIndex(info)) }, { replace: true });
  }, [index, info, setParams]);

  if (!info) {
    return (
      <div className="wb-screen">
        <h1 className="wb-screen__title">个人中心</h1>
        <div className="wb-card pf-card">
          <Empty description="正在加载账号信息…" />
        </div>
      </div>
    );
  }

  const vip = info.isVip === FLAGS.vip;
  const tabs = [
    { key: 'account', label: '账号资料', children: <AccountInfo info={info} /> },
    { key: 'coupons', label: '我的优惠券', children: <MyCoupons /> },
    ...(vip ? [{ key: 'rights', label: '会员权益', children: <VipRights info={info} /> }] : []),
    { key: 'records', label: '充值记录', children: <RechargeRecords /> },
  ];
  const n = Number(index);
  const active = Number.isInteger(n) && n >= 0 && n < tabs.length ? n : tabs.length - 1;

  return (
    <div className="wb-screen">
      <h1 className="wb-screen__title">个人中心</h1>
      <section className="wb-card pf-summary">
        <Avatar size={64} src={info.avatar || boot().branding.avatar || undefined} icon={<UserOutlined />} />
        <div className="pf-summary__who">
          <div className="pf-summary__name">{info.nickName || info.maskPhone || '用户'}</div>
          <div className="pf-summary__meta">
            <span>{info.maskPhone || maskPhone(info.account)}</span>
            <Tag color={vip ? 'gold' : 'default'} icon={vip ? <CrownFilled /> : undefined}>
              {membershipLabel(info)}
            </Tag>
            {vip && info.vipExpiryTime ? <span>有效期至 {info.vipExpiryTime.slice(0, 10)}</span> : null}
          </div>
        </div>
        <div className="pf-summary__copies">
          <div>
            <b>{info.commonBidNumber ?? 0}</b>
            <span>普通版剩余（份）</span>
          </div>
          <div>
            <b>{info.flagshipBidNumber ?? 0}</b>
            <span>旗舰版剩余（份）</span>
          </div>
        </div>
        <Button type="primary" icon={<CrownFilled />} onClick={() => openPurchase({})}>
          {vip ? '续费会员' : '开通会员'}
        </Button>
      </section>
      <section className="wb-card pf-card">
        <Tabs
          activeKey={String(active)}
          onChange={(k) => setParams({ index: k }, { replace: true })}
          items={tabs.map((t, i) => ({ key: String(i), label: t.label, children: t.children }))}
        />
      </section>
    </div>
  );
}
