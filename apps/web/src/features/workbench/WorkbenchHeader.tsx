import { Avatar, Badge, Button, Dropdown, Tag, Tooltip } from 'antd';
import { BellOutlined, CrownFilled, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { DATA_TEXTS, FLAGS, USER_MESSAGE_LABELS, membershipLabel, type DataDocExpiringMessage, type UserMessage } from '@btz/shared';
import { boot } from '../../lib/boot';
import { openPurchase } from '../../lib/events';
import { confirmDialog } from '../../lib/dialogs';
import { logout, useUser } from '../../stores/user';
import { onRealtime, setDmCount, useDmCount } from '../../realtime';
import { fetchMessages } from '../team/api';
import { toast } from '../../lib/feedback';
import { BrandLogo } from '../../components/BrandLogo';
import { menuHref } from './menu';
import { useRefundNotice } from '../purchase/refund-notice';

/** Workbench header: logo, membership label, 开通会员, copies left, unread messages, avatar menu. */
export function WorkbenchHeader({ onToggleMenu }: { onToggleMenu: () => void }) {
  const info = useUser((s) => s.info);
  const dmCount = useDmCount();
  const navigate = useNavigate();
  // the data bank's 30-day notice (databank.expiring), wherever the user is in the workbench
  useEffect(
    () =>
      onRealtime('databank.expiring', (msg) => {
        const d = msg.data as Partial<DataDocExpiringMessage> | null;
        if (d?.name && typeof d.daysLeft === 'number') toast.warning(DATA_TEXTS.expiringNotice(d.name, d.daysLeft));
      }),
    [],
  );
  // an operator's refund (order.refunded): told here, wherever the user is
  useRefundNotice();
  // 消息: the unread count on entering the workbench (then kept live by `dm.count`), and a note for each new one
  const userId = info?.id ?? '';
  useEffect(() => {
    if (!userId) return;
    void fetchMessages().then(
      (d) => setDmCount(d.unread),
      () => undefined,
    );
  }, [userId]);
  useEffect(
    () =>
      onRealtime('bid.message', (msg) => {
        const m = msg.data as UserMessage | null;
        if (m?.kind) toast.info(`${m.fromName || '成员'} ${USER_MESSAGE_LABELS[m.kind]}：${m.sectionTitle || m.bidName}`);
      }),
    [],
  );
  const { branding } = boot();
  const vip = info?.isVip === FLAGS.vip;
  const name = info?.nickName || info?.maskPhone || '用户';

  const onLogout = async () => {
    if (await confirmDialog('确定要退出登录吗？')) await logout();
  };

  return (
    <div className="wb-header">
      <Button type="text" className="wb-header__burger" icon={<MenuOutlined />} onClick={onToggleMenu} aria-label="菜单" />
      <Link to="/workbench" className="wb-header__logo" aria-label="工作台首页">
        <BrandLogo src={branding.workLogoLight} height={36} textColor="#fff" />
      </Link>
      <div className="wb-header__spacer" />
      <div className="wb-header__copies" aria-label="剩余标书份数">
        <span>
          普通 <b>{info?.commonBidNumber ?? '-'}</b> 份
        </span>
        <i />
        <span>
          旗舰 <b>{info?.flagshipBidNumber ?? '-'}</b> 份
        </span>
      </div>
      <Tag className={`wb-header__label${vip ? ' wb-header__label--vip' : ''}`} icon={vip ? <CrownFilled /> : undefined}>
        {membershipLabel(info)}
      </Tag>
      <Button type="primary" className="wb-header__buy" icon={<CrownFilled />} onClick={() => openPurchase({})}>
        {vip ? '续费会员' : '开通会员'}
      </Button>
      <Tooltip title={dmCount > 0 ? `${dmCount} 条未读消息` : '暂无未读消息'}>
        <Badge count={dmCount} size="small" overflowCount={99}>
          <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="消息" data-testid="messages-bell" onClick={() => navigate('/workbench/messages')} />
        </Badge>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
          ],
          onClick: ({ key }) => (key === 'logout' ? void onLogout() : navigate(menuHref('/workbench/profile', info))),
        }}
      >
        <button type="button" className="wb-header__user" aria-label="账号菜单">
          <Avatar size={32} src={info?.avatar || branding.avatar || undefined} icon={<UserOutlined />} />
          <span className="wb-header__name">{name}</span>
        </button>
      </Dropdown>
    </div>
  );
}
