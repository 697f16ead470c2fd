import { useState } from 'react';
import { Popover, QRCode, Segmented, Spin } from 'antd';
import { AlipayCircleFilled, RightOutlined, WechatFilled, ClockCircleOutlined, ExportOutlined } from '@ant-design/icons';
import { PAY_TYPE, TEXT, formatYuan, type CouponRecord } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { couponCondition, couponEntries, formatMmSs, isOwnOrigin, tryChooseCoupon, type PriceView } from './logic';

function CouponItem({ coupon, usable, active, onPick }: { coupon: CouponRecord; usable: boolean; active: boolean; onPick: () => void }) {
  return (
    <button
      type="button"
      className={`pd-coupon${usable ? '' : ' is-unusable'}${active ? ' is-active' : ''}`}
      onClick={onPick}
      aria-disabled={!usable || undefined}
      data-testid={`coupon-${coupon.id}`}
    >
      <span className="pd-coupon__amount">
        <small>¥</small>
        {formatYuan(coupon.discountAmount).slice(1).replace(/\.00$/, '')}
      </span>
      <span className="pd-coupon__body">
        <span className="pd-coupon__title">
          {coupon.title || '优惠券'}
          {!usable ? <em className="pd-coupon__tag">{TEXT.couponNotUsable}</em> : null}
        </span>
        <span className="pd-coupon__meta">
          {couponCondition(coupon)} · {coupon.deadline.slice(0, 16)} 到期
        </span>
      </span>
    </button>
  );
}

/** Spec §2/§5 coupon selector: the list with greyed 「本单不可用」 entries, or 「暂无可用优惠券」. */
export function CouponPicker({
  coupons,
  price,
  currentId,
  onChoose,
}: {
  coupons: CouponRecord[];
  price: number;
  currentId: string | null;
  onChoose: (id: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  if (coupons.length === 0) return <span className="pd-pay__muted">{TEXT.noCoupon}</span>;
  const entries = couponEntries(coupons, price);
  const current = coupons.find((c) => c.id === currentId);
  const usableCount = entries.filter((e) => e.usable).length;

  const pick = (c: CouponRecord) => {
    const r = tryChooseCoupon(c, price);
    if (!r.ok) {
      toast.warning(r.message);
      return;
    }
    onChoose(c.id);
    setOpen(false);
  };

  const list = (
    <div className="pd-coupons" role="listbox" aria-label="选择优惠券">
      {entries.map(({ coupon, usable }) => (
        <CouponItem key={coupon.id} coupon={coupon} usable={usable} active={coupon.id === currentId} onPick={() => pick(coupon)} />
      ))}
      <button
        type="button"
        className={`pd-coupon pd-coupon--none${currentId === null ? ' is-active' : ''}`}
        onClick={() => {
          onChoose(null);
          setOpen(false);
        }}
      >
        不使用优惠券
      </button>
    </div>
  );

  return (
    <Popover content={list} trigger="click" placement="left" open={open} onOpenChange={setOpen} classNames={{ root: 'pd-coupon-pop' }}>
      <button type="button" className="pd-pay__coupon-trigger" data-testid="coupon-trigger">
        {current ? (
          <span className="pd-pay__coupon-on" data-testid="coupon-current">
            -{formatYuan(current.discountAmount)}
            <small>{current.title}</small>
          </span>
        ) : (
          <span className="pd-pay__muted">{usableCount > 0 ? `${usableCount} 张可用` : TEXT.couponNotUsable}</span>
        )}
        <RightOutlined />
      </button>
    </Popover>
  );
}

export interface PayPanelProps {
  view: PriceView | null;
  coupons: CouponRecord[];
  onChooseCoupon: (id: string | null) => void;
  payType: 1 | 2;
  onPayType: (t: 1 | 2) => void;
  codeUrl: string | null;
  /** the QR is being (re)created */
  loading: boolean;
  failed: boolean;
  secondsLeft: number;
  onRefresh: () => void;
}

/** Right side (spec §2): payable, saved, the 10-minute countdown, the QR, coupons, WeChat/Alipay, the agreement. */
export function PayPanel({ view, coupons, onChooseCoupon, payType, onPayType, codeUrl, loading, failed, secondsLeft, onRefresh }: PayPanelProps) {
  const expired = !loading && !failed && Boolean(codeUrl) && secondsLeft <= 0;
  const status = loading || !view ? 'loading' : failed || expired ? 'expired' : 'active';
  const sandbox = codeUrl && isOwnOrigin(codeUrl, window.location.origin) ? codeUrl : null;
  const method = payType === PAY_TYPE.alipay ? '支付宝' : '微信';

  return (
    <section className="pd-pay" aria-label="支付">
      <div className="pd-pay__amount">
        <span>应付金额</span>
        <b data-testid="pay-amount">{view ? formatYuan(view.payable) : '—'}</b>
      </div>
      <div className="pd-pay__saved">
        {view && view.saved > 0 ? (
          <>
            <s>{formatYuan(view.original)}</s>
            已优惠 <b data-testid="pay-saved">{formatYuan(view.saved)}</b>
          </>
        ) : (
          '\u00a0'
        )}
      </div>
      <div className="pd-pay__timer" aria-live="off">
        <ClockCircleOutlined /> 优惠倒计时 <b data-testid="pay-countdown">{formatMmSs(codeUrl && !loading ? secondsLeft : 0)}</b>
      </div>

      <Segmented<1 | 2>
        block
        className="pd-pay__methods"
        value={payType}
        onChange={onPayType}
        options={[
          { value: PAY_TYPE.wechat, label: <span className="pd-method pd-method--wx"><WechatFilled /> 微信支付</span> },
          { value: PAY_TYPE.alipay, label: <span className="pd-method pd-method--ali"><AlipayCircleFilled /> 支付宝</span> },
        ]}
      />

      <div className="pd-pay__qr" data-testid="pay-qr" data-code-url={codeUrl ?? ''}>
        {codeUrl || status !== 'active' ? (
          <QRCode
            value={codeUrl || 'about:blank'}
            size={168}
            bordered={false}
            status={status}
            onRefresh={onRefresh}
            statusRender={
              failed
                ? () => (
                    <button type="button" className="pd-pay__retry" onClick={onRefresh}>
                      下单失败
                      <br />
                      点击重试
                    </button>
                  )
                : undefined
            }
          />
        ) : (
          <Spin />
        )}
      </div>
      <div className="pd-pay__scan">请使用{method}扫码支付</div>
      {sandbox ? (
        <a className="pd-pay__sandbox" href={sandbox} target="_blank" rel="noopener noreferrer" data-testid="sandbox-link">
          <ExportOutlined /> 在新窗口打开支付页（沙箱）
        </a>
      ) : null}

      <div className="pd-pay__row">
        <span>优惠券</span>
        <CouponPicker coupons={coupons} price={view?.price ?? 0} currentId={view?.couponId ?? null} onChoose={onChooseCoupon} />
      </div>

      <div className="pd-pay__agree">
        支付即表示同意
        <a href="/home/pay_agreement.html" target="_blank" rel="noopener noreferrer">
          《{TEXT.paymentAgreement}》
        </a>
      </div>
    </section>
  );
}
