import { useSyncExternalStore } from 'react';
import { DOC_DEFAULT_FONT } from '@btz/shared';

/**
 * Spec §3 "Purchase-dialog shared state". Other features preset it through the `btz:open-purchase` event (lib/events):
 * a 5003 answer's `{ bidType, activityType }`, optionally `{ upEnterprises, isPayNum }`.
 */
export interface PurchaseState {
  open: boolean;
  docData: { fontName: string };
  isExpand: boolean;
  /** set when a payment went through: screens that show balances should refresh */
  isUpdate: boolean;
  /** the coupon list changed (claimed, used): reload it */
  isUpdateCoupon: boolean;
  isExchange: boolean;
  /** the preset bid version: 1 basic, 2 flagship, null none */
  versionType: 1 | 2 | null;
  /** paid in this dialog session */
  isPay: boolean;
  /** the per-enterprise flag: open on the enterprise tab */
  upEnterprises: boolean;
  /** when the dialog last opened (epoch ms) */
  currentTime: number;
  /** the pay-as-needed purchase flag: every per-copy pack may be bought whatever the preset version */
  isPayNum: boolean;
  /** 1 forces the personal tab, 2 the enterprise tab */
  activityType: 1 | 2 | null;
}

let state: PurchaseState = {
  open: false,
  docData: { fontName: DOC_DEFAULT_FONT },
  isExpand: false,
  isUpdate: false,
  isUpdateCoupon: false,
  isExchange: false,
  versionType: null,
  isPay: false,
  upEnterprises: false,
  currentTime: 0,
  isPayNum: false,
  activityType: null,
};
const listeners = new Set<() => void>();

export function setPurchase(patch: Partial<PurchaseState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const getPurchase = (): PurchaseState => state;

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function usePurchase(): PurchaseState;
export function usePurchase<T>(select: (s: PurchaseState) => T): T;
export function usePurchase<T>(select?: (s: PurchaseState) => T): T | PurchaseState {
  const snap = useSyncExternalStore(subscribe, getPurchase, getPurchase);
  return select ? select(snap) : snap;
}

const oneOrTwo = (v: unknown): 1 | 2 | null => (v === 1 || v === 2 || v === '1' || v === '2' ? (Number(v) as 1 | 2) : null);
const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** What the open event may carry (5003 data plus our own flags). */
export interface OpenPurchaseDetail {
  bidType?: unknown;
  activityType?: unknown;
  upEnterprises?: unknown;
  isPayNum?: unknown;
}

/** Opens the dialog with the presets of the event; a second open while it is showing changes nothing. */
export function openPurchaseDialog(detail: OpenPurchaseDetail = {}): void {
  if (state.open) return;
  setPurchase({
    open: true,
    isPay: false,
    isExpand: false,
    versionType: oneOrTwo(detail.bidType),
    activityType: oneOrTwo(detail.activityType),
    upEnterprises: flag(detail.upEnterprises),
    isPayNum: flag(detail.isPayNum),
    currentTime: Date.now(),
  });
}

/** Spec §4: closing clears the preset version. */
export function closePurchaseDialog(): void {
  setPurchase({ open: false, versionType: null, activityType: null, upEnterprises: false, isPayNum: false });
}
