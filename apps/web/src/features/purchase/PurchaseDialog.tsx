import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Popover, Skeleton, Tabs, Tooltip } from 'antd';
import { BankOutlined, CloseOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  DIALOG_CLOSE_DELAY_MS,
  OPTION_TYPE,
  ORDER_STATUS,
  PAY_SUCCESS_SCREEN_DELAY_MS,
  PAY_TYPE,
  TEXT,
  profileIndex,
  type CouponRecord,
  type RechargeOption,
} from '@btz/shared';
import { AntdProvider } from '../../components/AntdProvider';
import { boot } from '../../lib/boot';
import { toast } from '../../lib/feedback';
import { refreshUserInfo, useUser } from '../../stores/user';
import { claimNewUserCoupons, fetchOptions, fetchUsableCoupons, purchaseKeys } from './api';
import { GiveUpCouponDialog, NewUserGiftDialog } from './CloseDialogs';
import { QUANTITY_DEBOUNCE_MS, useDebounced, useNow, useOrder, usePaid } from './hooks';
import {
  canSwitchTo,
  closeStep,
  disabledHint,
  initialOption,
  initialTab,
  isPerCopy,
  isPeriod,
  liveCoupons,
  priceView,
  type CouponChoice,
  type TabType,
} from './logic';
import { EnterpriseCard, PerCopyCard, PeriodCard, RowPadding, VersionTable } from './OptionCards';
import { GrantedScreen, SuccessScreen, type PaidItem } from './PaidScreens';
import { PayPanel } from './PayPanel';
import { PurchaseAside, SupportCard } from './PurchaseAside';
import { closePurchaseDialog, setPurchase, usePurchase } from './store';
import './purchase.css';

type Phase = 'choose' | 'success' | 'granted';

/** The purchase dialog (spec §2 "Purchase dialog", §4): not closable by Escape or by clicking outside. */
export default function PurchaseDialog() {
  const open = usePurchase((s) => s.open);
  return (
    <AntdProvider>
      <Modal
        open={open}
        footer={null}
        keyboard={false}
        mask={{ closable: false }}
        centered
        width={1200}
        destroyOnHidden
        className="pd-modal"
        // the × goes through the closing rules inside the body
        closable={false}
        styles={{ body: { padding: 0 } }}
        aria-label="开通会员"
      >
        {open ? <PurchaseBody /> : null}
      </Modal>
    </AntdProvider>
  );
}

function PurchaseBody() {
  const user = useUser((s) => s.info);
  const presets = usePurchase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const loginRole = user?.loginRole ?? 0;

  const [tab, setTab] = useState<TabType>(() =>
    initialTab({ upEnterprises: presets.upEnterprises, loginRole, activityType: presets.activityType }),
  );
  const [selected, setSelected] = useState<Record<number, string>>({});
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [payType, setPayType] = useState<1 | 2>(PAY_TYPE.wechat);
  const [choice, setChoice] = useState<CouponChoice>({ mode: 'auto' });
  const [phase, setPhase] = useState<Phase>('choose');
  const [paidItem, setPaidItem] = useState<PaidItem | null>(null);
  const [giveUpOpen, setGiveUpOpen] = useState(false);
  const [giftOpen, setGiftOpen] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [hidden, setHidden] = useState(false);

  const options = useQuery({ queryKey: purchaseKeys.options(tab), queryFn: () => fetchOptions(tab), staleTime: 60_000 });
  const couponsQ = useQuery({ queryKey: purchaseKeys.coupons, queryFn: fetchUsableCoupons, staleTime: 0 });
  const list = useMemo(() => options.data ?? [], [options.data]);
  const now = useNow(60_000);
  const live = useMemo(() => liveCoupons(couponsQ.data ?? [], now), [couponsQ.data, now]);
  // once paid, the panel behind the success screens keeps what was paid (the spent coupon leaves the refetched list)
  const [paidCoupons, setPaidCoupons] = useState<CouponRecord[] | null>(null);
  const coupons = paidCoupons ?? live;

  // spec §4: a preset version preselects its per-copy pack, otherwise the first period option
  useEffect(() => {
    if (!options.data || selected[tab]) return;
    const first = initialOption(options.data, presets.versionType);
    if (first) setSelected((s) => ({ ...s, [tab]: first.id }));
  }, [options.data, tab, selected, presets.versionType]);

  // a preset version's pack sits below the membership packages: bring it into view once
  const scrolledRef = useRef(false);
  useEffect(() => {
    const id = selected[tab];
    if (scrolledRef.current || !presets.versionType || !id) return;
    scrolledRef.current = true;
    requestAnimationFrame(() => document.querySelector(`[data-testid="option-${id}"]`)?.scrollIntoView({ block: 'nearest' }));
  }, [selected, tab, presets.versionType]);

  const option: RechargeOption | undefined = list.find((o) => o.id === selected[tab]);
  const quantity = option ? (quantities[option.id] ?? 1) : 1;
  const debouncedQty = useDebounced(quantity, QUANTITY_DEBOUNCE_MS);
  const settledQty = option && isPerCopy(option) ? debouncedQty : 1;
  const typing = Boolean(option && isPerCopy(option) && debouncedQty !== quantity);

  const view = option ? priceView(option, quantity, coupons, choice) : null;
  const orderView = option ? priceView(option, settledQty, coupons, choice) : null;
  const ready = Boolean(option) && !couponsQ.isLoading && phase === 'choose' && !hidden;
  const orderInput = ready && option && orderView
    ? { optionId: option.id, orderPayType: payType, userCouponId: orderView.couponId, number: orderView.number }
    : null;
  const order = useOrder(orderInput);
  const tick = useNow(1000, phase === 'choose');
  const secondsLeft = order.endsAt ? Math.min(order.total, Math.max(0, Math.ceil((order.endsAt - tick) / 1000))) : 0;

  // ---- payment landed --------------------------------------------------------------------------------------------
  const optionRef = useRef<{ option?: RechargeOption; number: number; coupons: CouponRecord[] }>({ number: 1, coupons: [] });
  optionRef.current = { option, number: orderView?.number ?? 1, coupons };
  const onPaid = useCallback(() => {
    const o = optionRef.current.option;
    setPaidCoupons(optionRef.current.coupons);
    setPaidItem(
      o
        ? { title: o.title, unitType: o.unitType, bidType: o.bidType, validDay: o.validDay, number: optionRef.current.number, type: o.type }
        : { title: '', unitType: 1, bidType: null, validDay: 30, number: 1, type: 1 },
    );
    setPhase('success');
    setPurchase({ isUpdate: true, isPay: true, isUpdateCoupon: true });
    void refreshUserInfo();
    void qc.invalidateQueries({ queryKey: ['purchase', 'coupons'] });
    void qc.invalidateQueries({ queryKey: ['purchase', 'orders'] });
  }, [qc]);
  const payStatus = usePaid(order.order?.orderId ?? null, phase === 'choose' && !hidden, onPaid);
  // closed elsewhere (another window made a newer order, or it timed out): the QR offers a refresh
  const closedElsewhere = payStatus === ORDER_STATUS.closed || payStatus === ORDER_STATUS.refunded;

  useEffect(() => {
    if (phase !== 'success') return;
    const t = setTimeout(() => setPhase('granted'), PAY_SUCCESS_SCREEN_DELAY_MS);
    return () => clearTimeout(t);
  }, [phase]);

  // ---- choices ---------------------------------------------------------------------------------------------------
  const select = (o: RechargeOption) => {
    if (disabledHint(o, presets.versionType, presets.isPayNum)) return;
    if (selected[tab] !== o.id) setChoice({ mode: 'auto' });
    setSelected((s) => ({ ...s, [tab]: o.id }));
  };
  const setQuantity = (id: string, n: number) => setQuantities((q) => (q[id] === n ? q : { ...q, [id]: n }));
  const switchTab = (key: string) => {
    const next = Number(key) as TabType;
    if (!canSwitchTo(next, loginRole)) return;
    setChoice({ mode: 'auto' });
    setTab(next);
  };

  // ---- closing (spec §4) -----------------------------------------------------------------------------------------
  const finish = useCallback(() => {
    setHidden(true);
    setTimeout(() => closePurchaseDialog(), DIALOG_CLOSE_DELAY_MS);
  }, []);
  const requestClose = () => {
    if (phase !== 'choose') {
      void refreshUserInfo();
      finish();
      return;
    }
    const step = closeStep(coupons.length, user?.isNewUser);
    if (step === 'giveUpCoupon') setGiveUpOpen(true);
    else if (step === 'newUserGift') setGiftOpen(true);
    else finish();
  };
  const claim = async () => {
    setClaiming(true);
    try {
      await claimNewUserCoupons();
      toast.success(TEXT.newUserCouponGot);
      setPurchase({ isUpdateCoupon: true });
      setChoice({ mode: 'auto' });
      await qc.invalidateQueries({ queryKey: purchaseKeys.coupons });
      void refreshUserInfo();
      setGiftOpen(false);
    } catch {
      // the request client already said what went wrong
    } finally {
      setClaiming(false);
    }
  };
  const goRecords = () => {
    navigate(`/workbench/profile?index=${profileIndex(user)}`);
    setHidden(true);
    closePurchaseDialog();
  };

  // ---- render ----------------------------------------------------------------------------------------------------
  const periods = list.filter(isPeriod);
  const packs = list.filter(isPerCopy);
  const personalLocked = !canSwitchTo(OPTION_TYPE.personal, loginRole);

  const personal = (
    <div className="pd-panel" data-testid="panel-personal">
      <h4 className="pd-section">会员套餐</h4>
      <div className="pd-grid" role="radiogroup" aria-label="会员套餐">
        {periods.map((o) => (
          <PeriodCard key={o.id} option={o} selected={o.id === option?.id} onSelect={() => select(o)} />
        ))}
        <RowPadding count={periods.length} />
      </div>
      {packs.length > 0 ? (
        <>
          <h4 className="pd-section">
            按需购买 <small>按份购买标书，永久有效，可与会员同时使用</small>
          </h4>
          <div className="pd-grid pd-grid--two" role="radiogroup" aria-label="按需购买">
            {packs.map((o) => (
              <PerCopyCard
                key={o.id}
                option={o}
                selected={o.id === option?.id}
                quantity={quantities[o.id] ?? 1}
                hint={disabledHint(o, presets.versionType, presets.isPayNum)}
                onSelect={() => select(o)}
                onQuantity={(n) => setQuantity(o.id, n)}
              />
            ))}
          </div>
          <h4 className="pd-section">版本对比</h4>
          <VersionTable options={packs} />
        </>
      ) : null}
    </div>
  );

  const enterprise = (
    <div className="pd-panel" data-testid="panel-enterprise">
      <h4 className="pd-section">
        企业年度套餐 <small>企业购买的权益归属于企业，团队成员共同使用</small>
      </h4>
      <div className="pd-grid" role="radiogroup" aria-label="企业套餐">
        {periods.map((o) => (
          <EnterpriseCard key={o.id} option={o} selected={o.id === option?.id} onSelect={() => select(o)} />
        ))}
        <RowPadding count={periods.length} />
      </div>
      <div className="pd-ent-links">
        <Popover
          trigger="hover"
          content={
            <div className="pd-transfer">
              <b>对公转账 / 开具发票</b>
              <p>企业可通过对公转账购买套餐，支付完成后可开具增值税普通发票或专用发票。</p>
              <p>收款单位：{boot().branding.companyName}</p>
              <p>请联系企业客服获取对公账户信息，或提供开票抬头与税号。</p>
            </div>
          }
        >
          <Button type="link" icon={<BankOutlined />}>
            对公转账/开具发票
          </Button>
        </Popover>
        <Popover trigger="hover" content={<SupportCard title="扫码联系企业客服" />}>
          <Button type="link" icon={<CustomerServiceOutlined />}>
            联系企业客服
          </Button>
        </Popover>
      </div>
    </div>
  );

  const body = options.isLoading ? (
    <Skeleton active paragraph={{ rows: 8 }} className="pd-skeleton" />
  ) : options.isError ? (
    <Empty description="套餐加载失败，请稍后重试">
      <Button onClick={() => void options.refetch()}>重新加载</Button>
    </Empty>
  ) : list.length === 0 ? (
    <Empty description="暂无可购买的套餐，请联系客服" />
  ) : tab === OPTION_TYPE.personal ? (
    personal
  ) : (
    enterprise
  );

  return (
    <div className={`pd${hidden ? ' is-hidden' : ''}`} data-testid="purchase-dialog">
      <button type="button" className="pd-close" aria-label="关闭" onClick={requestClose} data-testid="purchase-close">
        <CloseOutlined />
      </button>
      <PurchaseAside user={user} onRecords={goRecords} />
      <main className="pd-main">
        <Tabs
          activeKey={String(tab)}
          onChange={switchTab}
          className="pd-tabs"
          items={[
            {
              key: String(OPTION_TYPE.personal),
              disabled: personalLocked,
              label: personalLocked ? (
                <Tooltip title="当前为企业身份，个人VIP仅限个人身份开通">
                  <span>个人VIP</span>
                </Tooltip>
              ) : (
                '个人VIP'
              ),
            },
            { key: String(OPTION_TYPE.enterprise), label: '企业VIP' },
          ]}
        />
        <div className="pd-scroll">{body}</div>
      </main>
      <PayPanel
        view={view}
        coupons={coupons}
        onChooseCoupon={(id) => setChoice({ mode: 'manual', id })}
        payType={payType}
        onPayType={setPayType}
        codeUrl={order.order?.codeUrl ?? null}
        loading={order.creating || typing || (!order.order && !order.failed)}
        failed={order.failed}
        secondsLeft={closedElsewhere ? 0 : secondsLeft}
        onRefresh={order.refresh}
      />
      {phase === 'success' ? (
        <div className="pd-overlay">
          <SuccessScreen />
        </div>
      ) : null}
      {phase === 'granted' && paidItem ? (
        <div className="pd-overlay">
          <GrantedScreen
            item={paidItem}
            user={user}
            onDone={() => {
              void refreshUserInfo();
              finish();
            }}
          />
        </div>
      ) : null}
      <GiveUpCouponDialog
        open={giveUpOpen}
        coupons={coupons}
        onContinue={() => setGiveUpOpen(false)}
        onLeave={() => {
          setGiveUpOpen(false);
          finish();
        }}
      />
      <NewUserGiftDialog
        open={giftOpen}
        claiming={claiming}
        onClaim={() => void claim()}
        onClose={() => {
          setGiftOpen(false);
          finish();
        }}
      />
    </div>
  );
}
