/**
 * The payment providers' side: notification endpoints (`POST /pay/notify/{alipay|wechat|card}`,
 * form fields, answered `success` as the real gateways expect) and the sandbox cashier page H5
 * pays through (`GET /pay/cashier/{outTradeNo}`: pay, fail or cancel, then back to the storefront's
 * payment result page).
 */
import { yuan } from '../money.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { handleNotification } from '../orders/service.ts';
import { gateways } from '../payments/registry.ts';
import type { NotificationFields } from '../payments/gateway.ts';

const GatewayParams = Type.Object({
  gateway: Type.Union([Type.Literal('alipay'), Type.Literal('wechat'), Type.Literal('card')]),
});
const TradeParams = Type.Object({ outTradeNo: Type.String({ pattern: '^[A-Z0-9]{8,64}$' }) });
const OutcomeParams = Type.Composite([
  TradeParams,
  Type.Object({
    outcome: Type.Union([Type.Literal('pay'), Type.Literal('fail'), Type.Literal('cancel')]),
  }),
]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const all = gateways(deps);
  // Sandboxes deliver their notifications through this app's own notify route.
  for (const gateway of Object.values(all)) {
    gateway.connect(async (name, fields) => {
      await app.inject({
        method: 'POST',
        url: `/pay/notify/${name}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    });
  }

  app.post('/notify/:gateway', { schema: { params: GatewayParams } }, async (request, reply) => {
    const body = request.body;
    const fields: NotificationFields = {};
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
      }
    }
    const outcome = await handleNotification(deps.db, deps, request.params.gateway, fields);
    request.log.info({ outTradeNo: fields.out_trade_no, outcome }, 'payment notification');
    // Anything but a bad signature is acknowledged, so the provider stops retrying.
    return reply.type('text/plain').send(outcome === 'bad_signature' ? 'fail' : 'success');
  });

  app.get('/cashier/:outTradeNo', { schema: { params: TradeParams } }, async (request, reply) => {
    const payment = await deps.db
      .selectFrom('payments')
      .select(['out_trade_no', 'amount', 'channel', 'status', 'order_id'])
      .where('out_trade_no', '=', request.params.outTradeNo)
      .executeTakeFirst();
    if (!payment) return reply.status(404).type('text/plain').send('unknown trade');
    const no = escapeHtml(payment.out_trade_no);
    const button = (outcome: string, label: string) =>
      `<form method="post" action="/pay/cashier/${no}/${outcome}"><button type="submit" name="do" value="${outcome}">${label}</button></form>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>沙箱收银台</title><link rel="icon" href="data:,"></head><body><h1>沙箱收银台 (${escapeHtml(payment.channel)})</h1><p>订单号 ${no}</p><p>金额 ¥${yuan(payment.amount)}</p>${button('pay', '支付')}${button('fail', '模拟失败')}${button('cancel', '取消')}</body></html>`,
      );
  });

  app.post(
    '/cashier/:outTradeNo/:outcome',
    { schema: { params: OutcomeParams } },
    async (request, reply) => {
      const payment = await deps.db
        .selectFrom('payments')
        .select(['out_trade_no', 'channel', 'order_id'])
        .where('out_trade_no', '=', request.params.outTradeNo)
        .executeTakeFirst();
      if (!payment) return reply.status(404).type('text/plain').send('unknown trade');
      const gateway = all[payment.channel === 'auth' ? 'alipay' : payment.channel];
      const result = gateway.complete(payment.out_trade_no, request.params.outcome);
      const query = new URLSearchParams({
        outTradeNo: payment.out_trade_no,
        orderId: String(payment.order_id),
        status: result === 'paid' ? 'success' : result === 'closed' ? 'cancel' : 'fail',
      });
      return reply.redirect(`/#/pages/paymentResult/paymentResult?${query.toString()}`, 303);
    },
  );
};

export default payRoutes;
export const prefix = '/pay';
