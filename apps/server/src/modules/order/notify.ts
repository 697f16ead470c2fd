import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../providers/payment/index.js';
import { applyPayment } from './commands/apply-payment.js';
import { logPaymentEvent } from './payment.js';

/**
 * Provider notifies: `POST /api/pay/notify/wechat` (JSON, signed headers) and `POST /api/pay/notify/alipay`
 * (form-encoded, signed fields). They come from the provider, not from our web client, so app.ts exempts
 * `/api/pay/notify/` from the client Basic check; the provider signature is the authentication. The body is kept
 * RAW (this scope replaces every content-type parser) because WeChat signs the exact bytes it sent.
 */
export function registerNotifyRoutes(fastify: FastifyInstance, app: AppContext): void {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));

    const handle = async (provider: PaymentProvider | undefined, raw: string, headers: Record<string, string | string[] | undefined>) => {
      if (!provider) return { ok: false as const, detail: 'provider not enabled' };
      const v = provider.verifyNotify(raw, headers);
      if (!v.payment) {
        await logPaymentEvent(app, { provider: provider.name, source: 'notify', outcome: v.ignored ? 'ignored' : 'rejected', detail: v.detail, payload: raw });
        if (!v.ignored) app.log.warn({ provider: provider.name, detail: v.detail }, 'payment: notify refused');
        return { ok: !!v.ignored, detail: v.detail };
      }
      const r = await applyPayment(app, {
        orderNo: v.payment.orderNo,
        providerTxnId: v.payment.txnId,
        amountFen: v.payment.amountFen,
        provider: provider.name,
        source: 'notify',
        payload: raw,
      });
      return { ok: r.ok, detail: r.outcome };
    };

    scope.post('/api/pay/notify/wechat', async (req, reply) => {
      const r = await handle(app.payments.wechat, String(req.body ?? ''), req.headers);
      // WeChat: 200/204 = received; anything else = retry later (with a FAIL body)
      if (r.ok) return reply.code(204).send();
      return reply.code(r.detail === 'provider not enabled' ? 404 : 400).send({ code: 'FAIL', message: r.detail });
    });

    scope.post('/api/pay/notify/alipay', async (req, reply) => {
      const r = await handle(app.payments.alipay, String(req.body ?? ''), req.headers);
      // Alipay: the plain word `success` stops its retries
      return reply.code(200).type('text/plain; charset=utf-8').send(r.ok ? 'success' : 'failure');
    });
  });
}
