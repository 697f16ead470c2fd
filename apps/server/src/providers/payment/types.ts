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
  | { state: 'unknown'; detail: string };

export interface NotifyResult {
  /** null: the signature (or the payload) was not acceptable; the reason is logged */
  payment: VerifiedPayment | null;
  /** why it was refused or ignored */
  detail: string;
  /** a valid notify about something other than a success (e.g. a refund) — acknowledged, nothing applied */
  ignored?: boolean;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates the payment at the provider; returns what the QR code encodes. */
  create(req: CreateRequest): Promise<{ codeUrl: string }>;
  /** Asks the provider about an order. */
  query(orderNo: string): Promise<QueryResult>;
  /** Closes an unpaid order at the provider (best effort; an already-closed or unknown order is fine). */
  close(orderNo: string): Promise<void>;
  /** Verifies a notify on its raw body and headers. */
  verifyNotify(rawBody: string, headers: Record<string, string | string[] | undefined>): NotifyResult;
}

export class ProviderError extends Error {}
