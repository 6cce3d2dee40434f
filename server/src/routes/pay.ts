/**
 * The payment providers' side: notification endpoints (`POST /pay/notify/{alipay|wechat|card}`,
 * form fields, answered `success` only once what they say is committed, as the real gateways
 * expect) and, only while the payment providers are sandboxes, the sandbox cashier page H5 pays
 * through (`GET /pay/cashier/{outTradeNo}?sig=…`: pay, fail or cancel, then back to the
 * storefront's payment result page). The cashier answers only links signed for the payment, which
 * only the user who opened it was handed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { yuan } from '../money.ts';
import { handleNotification, type NotificationOutcome } from '../orders/payment-outcomes.ts';
import { cashierPayment } from '../payments/cashier.ts';
import { isWechatPay, type NotificationFields } from '../payments/gateway.ts';
import { SandboxGateway } from '../payments/sandbox.ts';
import { acceptWechatNotification } from '../payments/wechat-notify.ts';

const GatewayParams = Type.Object({
  gateway: Type.Union([Type.Literal('alipay'), Type.Literal('wechat'), Type.Literal('card')]),
  /** The brand whose merchant account the notification is for (its own notify URL). */
  platform: Type.Integer({ minimum: 1, maximum: 9 }),
});
const TradeParams = Type.Object({ outTradeNo: Type.String({ pattern: '^[A-Z0-9]{8,64}$' }) });
const OutcomeParams = Type.Composite([
  TradeParams,
  Type.Object({
    outcome: Type.Union([Type.Literal('pay'), Type.Literal('fail'), Type.Literal('cancel')]),
  }),
]);
const CashierQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 64 })) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a refused WeChat Pay notification is answered (its `message`): what failed. */
const WECHAT_REFUSALS: Partial<Record<NotificationOutcome, string>> = {
  bad_signature: '验签失败',
  undecryptable: '解密失败',
  merchant_mismatch: '商户号或应用不符',
};

/** Raw bodies of JSON notifications: WeChat Pay v3 signs the exact bytes. */
const rawBodies = new WeakMap<object, string>();

const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, JSON.parse(body as string) as unknown);
    } catch {
      // Not JSON: no fields; a signed notification is judged on the raw text.
      done(null, {});
    }
  });

  app.post(
    '/notify/:gateway/:platform',
    { schema: { params: GatewayParams } },
    async (request, reply) => {
      const { gateway: gatewayName, platform: brand } = request.params;
      const wechatPay = deps.providers.payments.forBrand(brand).wechat;
      if (gatewayName === 'wechat' && isWechatPay(wechatPay)) {
        const outcome = await acceptWechatNotification(
          deps,
          wechatPay,
          brand,
          request.headers,
          rawBodies.get(request) ?? '',
        );
        const failed = WECHAT_REFUSALS[outcome];
        request.log[failed ? 'warn' : 'info']({ outcome }, 'WeChat Pay notification');
        // Answered after the commit: 204 stops WeChat's retries; a refusal makes it send again,
        // and says what failed.
        return failed
          ? reply.status(401).send({ code: 'FAIL', message: failed })
          : reply.status(204).send();
      }
      const body = request.body;
      const fields: NotificationFields = {};
      if (body && typeof body === 'object') {
        for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
          if (typeof value === 'string') fields[key] = value;
        }
      }
      const { gateway, platform } = request.params;
      const outcome = await handleNotification(deps.db, deps, gateway, platform, fields);
      const level =
        outcome === 'bad_signature' || outcome === 'merchant_mismatch' ? 'warn' : 'info';
      request.log[level]({ outTradeNo: fields.out_trade_no, outcome }, 'payment notification');
      // Anything we could check is acknowledged, so the provider stops retrying; a notification we
      // cannot trust is refused, so a genuine one is sent again.
      const refused = outcome === 'bad_signature' || outcome === 'merchant_mismatch';
      return reply.type('text/plain').send(refused ? 'fail' : 'success');
    },
  );

  const { alipay, wechat, card } = deps.providers.payments.forBrand(1);
  const sandboxes = [alipay, wechat, card];
  // The cashier serves whichever gateways are sandboxes (Alipay's, with WeChat live, say).
  if (deps.config.appEnv === 'production' || !sandboxes.some((g) => g instanceof SandboxGateway))
    return;

  app.get(
    '/cashier/:outTradeNo',
    { schema: { params: TradeParams, querystring: CashierQuery } },
    async (request, reply) => {
      const found = await cashierPayment(deps, request.params.outTradeNo, request.query.sig);
      if (!found) return reply.status(404).type('text/plain').send('unknown trade');
      const { payment } = found;
      const no = escapeHtml(payment.out_trade_no);
      const sig = escapeHtml(request.query.sig ?? '');
      const button = (outcome: string, label: string) =>
        `<form method="post" action="/pay/cashier/${no}/${outcome}?sig=${sig}"><button type="submit" name="do" value="${outcome}">${label}</button></form>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>沙箱收银台</title><link rel="icon" href="data:,"></head><body><h1>沙箱收银台 (${escapeHtml(payment.channel)})</h1><p>订单号 ${no}</p><p>金额 ¥${yuan(payment.amount)}</p>${button('pay', '支付')}${button('fail', '模拟失败')}${button('cancel', '取消')}</body></html>`,
        );
    },
  );

  app.post(
    '/cashier/:outTradeNo/:outcome',
    { schema: { params: OutcomeParams, querystring: CashierQuery } },
    async (request, reply) => {
      const found = await cashierPayment(deps, request.params.outTradeNo, request.query.sig);
      if (!found) return reply.status(404).type('text/plain').send('unknown trade');
      const { payment, gateway } = found;
      const result = await gateway.complete(payment.out_trade_no, request.params.outcome);
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
