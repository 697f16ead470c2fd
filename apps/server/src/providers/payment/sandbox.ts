import type { CreateRequest, NotifyResult, PaymentProvider, QueryResult, RefundRequest, RefundResult } from './types.js';

/**
 * The embedded default: the QR encodes `${PUBLIC_BASE_URL}/m/pay/{orderNo}`, a page of this server whose 确认支付
 * button pays the order through the same `applyPayment` a verified notify uses (modules/order/sandbox-pages.ts).
 * There is nothing remote to query or close, and no notify.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly publicBaseUrl: string) {}

  async create(req: CreateRequest): Promise<{ codeUrl: string }> {
    return { codeUrl: `${this.publicBaseUrl}/m/pay/${encodeURIComponent(req.orderNo)}` };
  }
  async query(): Promise<QueryResult> {
    return { state: 'unpaid' };
  }
  async close(): Promise<void> {}
  /** The sandbox refunds at once (issue 28). */
  async refund(req: RefundRequest): Promise<RefundResult> {
    return { state: 'accepted', refundId: `SANDBOX-REFUND-${req.refundNo}`, detail: 'sandbox refund' };
  }
  verifyNotify(): NotifyResult {
    return { payment: null, detail: 'the sandbox has no notifies' };
  }

  /** The transaction id a sandbox confirm records: one per order, so repeated confirms are one payment. */
  static txnId(orderNo: string): string {
    return `SANDBOX-${orderNo}`;
  }
}
