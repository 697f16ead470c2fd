import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Popover } from 'antd';
import { CustomerServiceOutlined, FileTextOutlined, UserOutlined, CrownFilled } from '@ant-design/icons';
import { FLAGS, maskPhone, membershipLabel, type UserInfo } from '@btz/shared';
import { boot } from '../../lib/boot';
import { fetchBarrage, purchaseKeys } from './api';

/** The support QR (branding.wechat2) with the brand's phone — shown on hover of the contact buttons. */
export function SupportCard({ title = '扫码添加客服微信' }: { title?: string }) {
  const { branding } = boot();
  return (
    <div className="pd-support">
      {branding.wechat2 ? <img src={branding.wechat2} alt="客服微信二维码" width={140} height={140} /> : null}
      <div className="pd-support__title">{title}</div>
      {branding.phone ? <div className="pd-support__phone">客服电话 {branding.phone}</div> : null}
      <div className="pd-support__hours">工作日 9:00–18:00</div>
    </div>
  );
}

/** Left side of the dialog (spec §2): masked phone, avatar, membership label, support, recharge records, barrage. */
export function PurchaseAside({ user, onRecords }: { user: UserInfo | null; onRecords: () => void }) {
  const { branding } = boot();
  const vip = user?.isVip === FLAGS.vip;
  const barrage = useQuery({ queryKey: purchaseKeys.barrage, queryFn: fetchBarrage, staleTime: 5 * 60_000 });
  const messages = barrage.data ?? [];
  const phone = user?.maskPhone || maskPhone(user?.account) || '—';

  return (
    <aside className="pd-aside">
      <div className="pd-aside__user">
        <Avatar size={56} src={user?.avatar || branding.avatar || undefined} icon={<UserOutlined />} />
        <div className="pd-aside__phone" data-testid="purchase-phone">
          {phone}
        </div>
        <span className={`pd-aside__label${vip ? ' pd-aside__label--vip' : ''}`}>
          {vip ? <CrownFilled /> : null}
          {membershipLabel(user)}
        </span>
        {vip && user?.vipExpiryTime ? <div className="pd-aside__expiry">会员有效期至 {user.vipExpiryTime.slice(0, 10)}</div> : null}
      </div>

      <div className="pd-aside__actions">
        <Popover content={<SupportCard />} placement="right" trigger="hover">
          <Button block icon={<CustomerServiceOutlined />}>
            联系客服
          </Button>
        </Popover>
        <Button block type="text" icon={<FileTextOutlined />} onClick={onRecords} className="pd-aside__records">
          充值记录
        </Button>
      </div>

      {messages.length > 0 ? (
        <div className="pd-barrage" aria-label="最新动态">
          <div className="pd-barrage__title">最新动态</div>
          <div className="pd-barrage__viewport">
            <ul className="pd-barrage__track" style={{ animationDuration: `${Math.max(12, messages.length * 2.5)}s` }}>
              {[...messages, ...messages].map((m, i) => (
                <li key={`${m.id}-${i}`} aria-hidden={i >= messages.length}>
                  {m.content}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </aside>
  );
}
