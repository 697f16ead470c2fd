import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin } from 'antd';
import { COUPON_TICK_MS, TEXT, formatYuan, type CouponRecord } from '@btz/shared';
import { fetchNewUserCoupons, purchaseKeys } from './api';
import { useNow } from './hooks';
import { couponCondition, nearestDeadline, splitDhms } from './logic';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §4 closing with usable coupons: 「确定放弃限时优惠券吗？」 with a d/h/m/s countdown to the nearest deadline. */
export function GiveUpCouponDialog({
  open,
  coupons,
  onContinue,
  onLeave,
}: {
  open: boolean;
  coupons: CouponRecord[];
  onContinue: () => void;
  onLeave: () => void;
}) {
  const now = useNow(COUPON_TICK_MS, open);
  const deadline = nearestDeadline(coupons, now);
  const best = [...coupons].sort((a, b) => b.discountAmount - a.discountAmount)[0];
  const parts = splitDhms(deadline ? deadline - now : 0);
  return (
    <Modal
      open={open}
      footer={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      width={420}
      className="pd-sub-modal"
      destroyOnHidden
    >
      <div className="pd-giveup" data-testid="give-up-coupon">
        <h3 className="pd-giveup__title">{TEXT.giveUpCoupon}</h3>
        {best ? (
          <div className="pd-giveup__coupon">
            <span className="pd-giveup__amount">{formatYuan(best.discountAmount)}</span>
            <span>
              {best.title || '优惠券'} · {couponCondition(best)}
              {coupons.length > 1 ? `（共 ${coupons.length} 张可用）` : ''}
            </span>
          </div>
        ) : null}
        <div className="pd-giveup__label">距优惠券失效还剩</div>
        <div className="pd-dhms" aria-live="off" data-testid="coupon-countdown">
          <b>{parts.days}</b>天<b>{pad(parts.hours)}</b>时<b>{pad(parts.minutes)}</b>分<b>{pad(parts.seconds)}</b>秒
        </div>
        <div className="pd-giveup__actions">
          <Button onClick={onLeave} data-testid="leave-anyway">
            {TEXT.leaveAnyway}
          </Button>
          <Button type="primary" onClick={onContinue} data-testid="continue-open">
            {TEXT.continueOpen}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** Spec §4 closing for a new user (isNewUser 2): the gift pack with 「立即领取」. */
export function NewUserGiftDialog({
  open,
  claiming,
  onClaim,
  onClose,
}: {
  open: boolean;
  claiming: boolean;
  onClaim: () => void;
  onClose: () => void;
}) {
  const list = useQuery({ queryKey: purchaseKeys.newUser, queryFn: fetchNewUserCoupons, enabled: open, staleTime: 0 });
  const coupons = list.data ?? [];
  const total = coupons.reduce((s, c) => s + c.discountAmount, 0);
  return (
    <Modal
      open={open}
      footer={null}
      keyboard={false}
      mask={{ closable: false }}
      centered
      width={440}
      onCancel={onClose}
      className="pd-sub-modal pd-gift-modal"
      destroyOnHidden
    >
      <div className="pd-gift" data-testid="new-user-gift">
        <div className="pd-gift__head">
          <div className="pd-gift__kicker">新人专享</div>
          <h3>新人礼包已为您备好</h3>
          {total > 0 ? (
            <p>
              共 <b>{formatYuan(total)}</b> 优惠券，领取后下单立减
            </p>
          ) : null}
        </div>
        {list.isLoading ? (
          <Spin className="pd-gift__spin" />
        ) : (
          <ul className="pd-gift__list">
            {coupons.map((c) => (
              <li key={c.id}>
                <span className="pd-gift__amount">
                  <small>¥</small>
                  {formatYuan(c.discountAmount).slice(1).replace(/\.00$/, '')}
                </span>
                <span className="pd-gift__body">
                  <b>{c.title}</b>
                  <small>
                    {couponCondition(c)} · 领取后 {c.validDays} 天内有效
                  </small>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Button type="primary" size="large" block loading={claiming} onClick={onClaim} disabled={list.isLoading} data-testid="claim-now">
          {TEXT.claimNow}
        </Button>
      </div>
    </Modal>
  );
}
