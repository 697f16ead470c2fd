import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUS, PAY_STATUS_POLL_MS, type PayOrderResult, type PaySuccessMessage } from '@btz/shared';
import { boot } from '../../lib/boot';
import { onRealtime } from '../../realtime';
import { createOrder, fetchPayStatus, purchaseKeys, type CreateOrderInput } from './api';
import { countdownSeconds } from './logic';

/** How long a quantity change waits before the order is re-created. */
export const QUANTITY_DEBOUNCE_MS = 500;

/** Epoch ms, re-rendered every `intervalMs` while `active`. */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs, active]);
  return now;
}

/** A value that follows `value` after `delayMs` of quiet. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return v;
}

export interface OrderState {
  order: PayOrderResult | null;
  creating: boolean;
  failed: boolean;
  /** epoch ms when the discount countdown ends (600 s after the order was created) */
  endsAt: number;
  /** the countdown's full length in seconds */
  total: number;
  /** re-creates the order with the same input (QR expired) */
  refresh: () => void;
}

/**
 * Spec §4 ordering: every change of the input (option, debounced quantity, coupon, method) creates a new order and QR and
 * restarts the countdown. Answers of superseded requests are dropped. Nothing is created while `input` is null.
 */
export function useOrder(input: CreateOrderInput | null): OrderState {
  const [order, setOrder] = useState<PayOrderResult | null>(null);
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);
  const [endsAt, setEndsAt] = useState(0);
  const [total, setTotal] = useState(0);
  const [nonce, setNonce] = useState(0);
  const seq = useRef(0);
  const key = input ? JSON.stringify([input.optionId, input.orderPayType, input.userCouponId ?? null, input.number ?? 1]) : '';
  const inputRef = useRef(input);
  inputRef.current = input;

  useEffect(() => {
    const current = inputRef.current;
    const mine = ++seq.current;
    if (!current) {
      // paused (paid, closing, still loading): keep what is shown, drop what is in flight
      setCreating(false);
      return;
    }
    setCreating(true);
    setFailed(false);
    setOrder(null);
    createOrder(current)
      .then((o) => {
        if (mine !== seq.current) return;
        const seconds = countdownSeconds(o.expiresIn);
        setOrder(o);
        setTotal(seconds);
        setEndsAt(Date.now() + seconds * 1000);
      })
      .catch(() => {
        if (mine === seq.current) setFailed(true);
      })
      .finally(() => {
        if (mine === seq.current) setCreating(false);
      });
  }, [key, nonce]);

  // closing the dialog (unmount) drops whatever is still in flight
  useEffect(
    () => () => {
      seq.current++;
    },
    [],
  );

  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { order, creating, failed, endsAt, total, refresh };
}

function pollMs(): number {
  try {
    return boot().timing?.payStatusPollMs || PAY_STATUS_POLL_MS;
  } catch {
    return PAY_STATUS_POLL_MS;
  }
}

/**
 * Spec §4 payment status: polled every 2 s (the server's timing when it says so) while the dialog shows an unpaid order;
 * a realtime `pay.success` for the same order counts at once. Unmounting (closing the dialog) stops the polling.
 */
export function usePaid(orderId: string | null, active: boolean, onPaid: (unitType: number | null) => void): number | undefined {
  const paidRef = useRef<string | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const fire = useCallback((id: string, unitType: number | null) => {
    if (paidRef.current === id) return;
    paidRef.current = id;
    onPaidRef.current(unitType);
  }, []);

  const status = useQuery({
    queryKey: purchaseKeys.payStatus(orderId ?? ''),
    queryFn: () => fetchPayStatus(orderId!),
    enabled: Boolean(orderId) && active,
    // paid, or closed/refunded (then the QR offers a refresh; a late payment still arrives over realtime)
    refetchInterval: (q) => (q.state.data !== undefined && q.state.data !== ORDER_STATUS.unpaid ? false : pollMs()),
    refetchIntervalInBackground: true,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (orderId && active && status.data === ORDER_STATUS.paid) fire(orderId, null);
  }, [orderId, active, status.data, fire]);

  useEffect(() => {
    if (!orderId || !active) return;
    return onRealtime('pay.success', (msg) => {
      const data = msg.data as Partial<PaySuccessMessage> | null;
      if (data?.orderId === orderId) fire(orderId, typeof data.unitType === 'number' ? data.unitType : null);
    });
  }, [orderId, active, fire]);

  return status.data ?? undefined;
}
