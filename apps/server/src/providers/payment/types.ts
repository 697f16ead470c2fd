/**
 * Payment providers behind one interface (PRODUCT.md §2): `sandbox` (embedded default: the QR is a page of this
 * server), `wechat` (WeChat Pay API v3 Native) and `alipay` (Alipay precreate). Amounts are integer fen.
 */
export type ProviderName = 'sandbox' | 'wechat' | 'alipay';

export interface CreateRequest {
  orderNo: string;
  amountFen: number;
  /** what the payer sees (WeChat `description`, Alipay `subject`) */
  title: string;
  expiresAt: Date;
}

/** A payment the provider confirms: its transaction id and the amount it took. */
export interface VerifiedPayment {
  orderNo: string;
  txnId: string;
  amountFen: number;
}

export type QueryResult =
  | ({ state: 'paid' } & VerifiedPayment)
  | { state: 'unpaid' }
  | { state: 'closed' }
  /** refunded in full at the provider (WeChat Pay's trade_state REFUND; Alipay answers TRADE_CLOSED, i.e. `closed`) */
  | { state: 'refunded' }
  | { state: 'unknown'; detail: string };

export interface NotifyResult {
  /** null: the signature (or the payload) was not acceptable; the reason is logged */
  payment: VerifiedPayment | null;
  /** why it was refused or ignored */
  detail: string;
  /** a valid notify about something other than a success (e.g. a refund) — acknowledged, nothing applied */
  ignored?: boolean;
}

/** A refund of a paid order, whole. `refundNo` is ours and stays the same across retries: the provider refunds once per number. */
export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  /** the refund and the order's total, fen (a whole refund: equal) */
  refundFen: number;
  totalFen: number;
  reason: string;
}

/**
 * What the provider said: `accepted` (refunded, or — WeChat — accepted and on its way: PROCESSING ends in SUCCESS on the
 * provider's side, the money is no longer ours to keep), or `refused` with the provider's reason.
 */
export type RefundResult = { state: 'accepted'; refundId: string; detail: string } | { state: 'refused'; detail: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates the payment at the provider; returns what the QR code encodes. */
  create(req: CreateRequest): Promise<{ codeUrl: string }>;
  /** Asks the provider about an order. */
  query(orderNo: string): Promise<QueryResult>;
  /** Closes an unpaid order at the provider (best effort; an already-closed or unknown order is fine). */
  close(orderNo: string): Promise<void>;
  /** Refunds a paid order (idempotent per `refundNo`); a transport failure throws (the caller retries with the same number). */
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Verifies a notify on its raw body and headers. */
  verifyNotify(rawBody: string, headers: Record<string, string | string[] | undefined>): NotifyResult;
}

export class ProviderError extends Error {}
