import type { FastifyInstance, FastifyReply } from 'fastify';
import { ORDER_STATUS, UNIT_TYPE, fenToYuan, formatYuan } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { sendMobilePage } from '../tenant/mobile-page.js';
import { esc } from '../../lib/html.js';
import { formatTime } from '../../lib/time.js';
import { SandboxPaymentProvider } from '../../providers/payment/index.js';
import { applyPayment } from './commands/apply-payment.js';
import { findOrderByNo, type OrderRow } from './repo.js';
import { syncOrder } from './sync-order.js';

/**
 * The sandbox provider's payment page (the embedded default, PRODUCT.md §2): the QR `codeUrl` is
 * `${PUBLIC_BASE_URL}/m/pay/{orderNo}`. GET shows the order and amount with a 确认支付 button; POST pays the order
 * through applyPayment — the same code path a verified provider notify takes. Only orders of the sandbox provider are
 * shown; paying is switched off by PAY_SANDBOX_CONFIRM=false. Plain forms, no scripts.
 */
export function registerSandboxPayPages(fastify: FastifyInstance, app: AppContext): void {
  const page = (reply: FastifyReply, tenantId: string, title: string, body: string, status = 200) =>
    sendMobilePage(app, reply, tenantId, title, body, status);
  const find = (orderNo: string) => findOrderByNo(app.db, orderNo, 'sandbox');
  const missing = (reply: FastifyReply, tenantId: string) =>
    page(reply, tenantId, '订单不存在', '<h1>订单不存在</h1><p>请回到电脑端重新扫码。</p>', 404);
  const closed = (reply: FastifyReply, o: OrderRow) =>
    page(reply, o.tenant_id, '订单已关闭', '<h1>订单已关闭</h1><p>该订单已超时或已被新的订单替代，请回到电脑端刷新二维码后重新支付。</p>', 410);
  const paid = (reply: FastifyReply, o: OrderRow) =>
    page(
      reply,
      o.tenant_id,
      '支付成功',
      `<div class="ok">✓</div><h1>支付成功</h1><p class="amount">${esc(formatYuan(fenToYuan(o.amount_fen)))}</p><p>请回到电脑端查看，本页面可以关闭。</p>`,
    );
  const details = (o: OrderRow) => `
    <dl>
      <dt>商品</dt><dd>${esc(o.title)}</dd>
      ${o.unit_type === UNIT_TYPE.perCopy ? `<dt>数量</dt><dd>${o.number} 份</dd>` : ''}
      ${o.discount_fen > 0 ? `<dt>原价</dt><dd>${esc(formatYuan(fenToYuan(o.total_fen)))}</dd><dt>优惠</dt><dd>-${esc(formatYuan(fenToYuan(o.discount_fen)))}</dd>` : ''}
      <dt>订单号</dt><dd>${esc(o.order_no)}</dd>
      <dt>有效期至</dt><dd>${esc(formatTime(o.expires_at))}</dd>
    </dl>`;

  fastify.get('/m/pay/:orderNo', async (req, reply) => {
    const { orderNo } = req.params as { orderNo: string };
    let o = await find(orderNo);
    if (!o) return missing(reply, req.tenant.id);
    if (o.status === ORDER_STATUS.unpaid && new Date(o.expires_at).getTime() <= Date.now()) {
      await syncOrder(app, o, { source: 'sandbox', throttle: false });
      o = (await find(orderNo))!;
    }
    if (o.status === ORDER_STATUS.paid) return paid(reply, o);
    if (o.status !== ORDER_STATUS.unpaid) return closed(reply, o);
    const action = app.config.paySandboxConfirm
      ? `<form method="post" action="/m/pay/${esc(encodeURIComponent(o.order_no))}"><button type="submit">确认支付</button></form>`
      : '<div class="err">沙箱支付已关闭，请使用微信或支付宝扫码支付。</div>';
    return page(
      reply,
      o.tenant_id,
      '确认支付',
      `<h1>确认支付</h1><p class="amount">${esc(formatYuan(fenToYuan(o.amount_fen)))}</p>${details(o)}${action}
       <p>这是沙箱支付（体验环境），确认后即视为支付成功，不会产生真实扣款。</p>`,
    );
  });

  fastify.post('/m/pay/:orderNo', async (req, reply) => {
    const { orderNo } = req.params as { orderNo: string };
    let o = await find(orderNo);
    if (!o) return missing(reply, req.tenant.id);
    if (!app.config.paySandboxConfirm) {
      return page(reply, o.tenant_id, '沙箱支付已关闭', '<h1>沙箱支付已关闭</h1><p>请使用微信或支付宝扫码支付。</p>', 403);
    }
    if (o.status === ORDER_STATUS.unpaid && new Date(o.expires_at).getTime() <= Date.now()) {
      await syncOrder(app, o, { source: 'sandbox', throttle: false });
      o = (await find(orderNo))!;
    }
    if (o.status === ORDER_STATUS.paid) return paid(reply, o);
    if (o.status !== ORDER_STATUS.unpaid) return closed(reply, o);
    const r = await applyPayment(app, {
      orderNo: o.order_no,
      providerTxnId: SandboxPaymentProvider.txnId(o.order_no),
      amountFen: o.amount_fen,
      provider: 'sandbox',
      source: 'sandbox',
    });
    const now = (await find(orderNo))!;
    if (r.ok && now.status === ORDER_STATUS.paid) return paid(reply, now);
    return closed(reply, now);
  });
}
