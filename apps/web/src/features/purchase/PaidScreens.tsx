import { Button } from 'antd';
import { FLAGS, TEXT, vipImageDays, type UserInfo } from '@btz/shared';
import { versionName } from './logic';

/** What was paid for, kept when the payment lands (the selection may change underneath). */
export interface PaidItem {
  title: string;
  unitType: number;
  bidType: number | null;
  validDay: number;
  number: number;
  type: number;
}

/** Spec §4: the success animation with 「支付成功！」. */
export function SuccessScreen() {
  return (
    <div className="pd-paid" role="status" data-testid="pay-success">
      <svg className="pd-paid__tick" viewBox="0 0 96 96" aria-hidden="true">
        <circle className="pd-paid__ring" cx="48" cy="48" r="42" />
        <path className="pd-paid__mark" d="M29 49 l13 13 l26 -28" />
      </svg>
      <h2 className="pd-paid__title">{TEXT.paymentSuccess}</h2>
      <p className="pd-paid__sub">正在为您开通权益…</p>
    </div>
  );
}

const VIP_IMAGE_TEXT: Record<3 | 30 | 365, { big: string; small: string }> = {
  3: { big: '3天', small: '体验会员' },
  30: { big: '月度', small: '会员' },
  365: { big: '年度', small: '会员' },
};

/** The VIP images of spec §5 (3, 30 and 365 days), drawn here: no external images (DESIGN.md). */
export function VipImage({ validDay }: { validDay: number }) {
  const days = vipImageDays(validDay);
  const t = VIP_IMAGE_TEXT[days];
  const id = `vipg-${days}`;
  return (
    <svg className="pd-vip-img" viewBox="0 0 220 150" role="img" aria-label={`${t.big}${t.small}`} data-vip-days={days}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={days === 365 ? '#3b2a12' : days === 30 ? '#1e2a4a' : '#24364f'} />
          <stop offset="1" stopColor={days === 365 ? '#6b4a1c' : days === 30 ? '#34477a' : '#3c5a7c'} />
        </linearGradient>
      </defs>
      <rect x="6" y="6" width="208" height="138" rx="14" fill={`url(#${id})`} />
      <rect x="6" y="6" width="208" height="138" rx="14" fill="none" stroke="#e9c988" strokeOpacity=".55" />
      <path d="M30 58 l14 -22 l14 14 l14 -18 l14 18 l14 -14 l14 22 z" fill="#e9c988" transform="translate(36 4)" />
      <text x="110" y="96" textAnchor="middle" fill="#f6e3b4" fontSize="30" fontWeight="700" fontFamily="inherit">
        {t.big}VIP
      </text>
      <text x="110" y="124" textAnchor="middle" fill="#e9c988" fontSize="14" letterSpacing="4" fontFamily="inherit">
        {t.small}
      </text>
    </svg>
  );
}

/** After 2 s: the VIP-granted screen (period options) or the recharged screen (copies), with 「我知道了」. */
export function GrantedScreen({ item, user, onDone }: { item: PaidItem; user: UserInfo | null; onDone: () => void }) {
  const period = item.unitType === 1;
  const flagship = item.bidType === 2;
  const left = flagship ? user?.flagshipBidNumber : user?.commonBidNumber;
  const vipKind = item.type === 2 ? '企业VIP' : '个人VIP';
  return (
    <div className="pd-paid pd-paid--granted" role="status" data-testid={period ? 'vip-granted' : 'copies-granted'}>
      {period ? (
        <>
          <VipImage validDay={item.validDay} />
          <h2 className="pd-paid__title">恭喜您，{vipKind}开通成功</h2>
          <p className="pd-paid__sub">
            {item.title}已生效
            {user?.isVip === FLAGS.vip && user.vipExpiryTime ? `，会员有效期至 ${user.vipExpiryTime.slice(0, 10)}` : ''}
          </p>
        </>
      ) : (
        <>
          <div className="pd-copies-img" aria-hidden="true">
            <span>+{item.number}</span>
            <small>份</small>
          </div>
          <h2 className="pd-paid__title">充值成功</h2>
          <p className="pd-paid__sub">
            {item.number} 份{versionName(item.bidType)}标书已到账
            {typeof left === 'number' ? `，当前剩余 ${left} 份` : ''}
          </p>
        </>
      )}
      <Button type="primary" size="large" className="pd-paid__btn" onClick={onDone} data-testid="got-it">
        {TEXT.gotIt}
      </Button>
    </div>
  );
}
