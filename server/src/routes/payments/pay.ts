/**
 * The payment providers' side: notification endpoints
 * (`POST /pay/notify/{alipay|wechat|card}/{brand}`, answered `success` only once what they say is
 * committed, as the real gateways expect; each provider's body size capped, unverified ones
 * limited per IP and kept only as a digest) and, only while the payment providers are sandboxes,
 * the sandbox cashier page H5 pays through (`GET /pay/cashier/{outTradeNo}?sig=…`: pay, fail or cancel, then back to the
 * storefront's payment result page). The cashier answers only links signed for the payment, which
 * only the user who opened it was handed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { yuan } from '../../lib/money.ts';
import { emptyReply, textReply } from '../../plugins/openapi.ts';
import { handleNotification, type NotificationOutcome } from '../../orders/payment-outcomes.ts';
import { cashierPayment } from '../../payments/cashier.ts';
import type { GatewayName, NotificationFields } from '../../payments/gateway.ts';
import { isWechatPay } from '../../payments/is-wechatpay.ts';
import { SandboxGateway } from '../../payments/sandbox.ts';
import { acceptWechatNotification } from '../../payments/wechat-notify.ts';

/** The brand whose merchant account the notification is for (its own notify URL). */
const NotifyParams = Type.Object({ platform: Type.Integer({ minimum: 1, maximum: 9 }) });

/**
 * The largest body each provider's notification may have, with room to spare; anything larger is
 * refused (413) before it is read. Alipay posts form fields of at most String(512) each besides
 * its fund and voucher lists (异步通知参数, docs.open.alipay.com/204/105301: about 2 KB in
 * practice); WeChat Pay v3 posts one JSON envelope around the encrypted transaction, a few
 * fields of at most 36 characters and the ciphertext (支付通知,
 * pay.weixin.qq.com/wiki/doc/apiv3/apis/chapter3_5_5.shtml: about 1-2 KB); the card channel's
 * notifications are our own bank sandbox's few fields.
 */
export const NOTIFY_BODY_LIMITS: Record<GatewayName, number> = {
  alipay: 32 * 1024,
  wechat: 16 * 1024,
  card: 8 * 1024,
};
const TradeParams = Type.Object({ outTradeNo: Type.String({ pattern: '^[A-Z0-9]{8,64}$' }) });
const OutcomeParams = Type.Composite([
  TradeParams,
  Type.Object({
    outcome: Type.Union([Type.Literal('pay'), Type.Literal('fail'), Type.Literal('cancel')]),
  }),
]);
const CashierQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 64 })) });
/** What the providers expect back from a notification: `success`, or `fail` to be retried. */
const NOTIFY_ACK = textReply('text/plain', '`success`, or `fail` to have the provider retry');
/** WeChat Pay's (v3): nothing when accepted, `{ code: 'FAIL', message }` to be sent again. */
const WECHAT_ACCEPTED = emptyReply('WeChat Pay: accepted');
const WechatRefusal = Type.Object({ code: Type.Literal('FAIL'), message: Type.String() });
const UNKNOWN_TRADE = textReply('text/plain', '`unknown trade`');

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

  const notifyRoute = (gatewayName: GatewayName) =>
    app.post(
      `/notify/${gatewayName}/:platform`,
      {
        bodyLimit: NOTIFY_BODY_LIMITS[gatewayName],
        schema: {
          params: NotifyParams,
          response: { 200: NOTIFY_ACK, 204: WECHAT_ACCEPTED, 401: WechatRefusal },
        },
      },
      async (request, reply) => {
        const brand = request.params.platform;
        // Verified first: a provider's notifications (and its retries) are never limited; what
        // fails verification counts against its sender's IP before anything of it is stored.
        const admitRejected = () => app.limitRejectedNotification(request, reply);
        const wechatPay = deps.providers.payments.forBrand(brand).wechat;
        if (gatewayName === 'wechat' && isWechatPay(wechatPay)) {
          const outcome = await acceptWechatNotification(
            deps,
            wechatPay,
            brand,
            request.headers,
            rawBodies.get(request) ?? '',
            admitRejected,
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
        const verified = deps.providers.payments.forBrand(brand)[gatewayName].verify(fields);
        if (!verified) await admitRejected();
        const outcome = await handleNotification(
          deps.db,
          deps,
          gatewayName,
          brand,
          fields,
          verified,
        );
        const level =
          outcome === 'bad_signature' || outcome === 'merchant_mismatch' ? 'warn' : 'info';
        const outTradeNo = fields.out_trade_no?.slice(0, 64);
        request.log[level]({ outTradeNo, outcome }, 'payment notification');
        // Anything we could check is acknowledged, so the provider stops retrying; a notification
        // we cannot trust is refused, so a genuine one is sent again.
        const refused = outcome === 'bad_signature' || outcome === 'merchant_mismatch';
        return reply.type('text/plain').send(refused ? 'fail' : 'success');
      },
    );
  for (const gatewayName of Object.keys(NOTIFY_BODY_LIMITS) as GatewayName[])
    notifyRoute(gatewayName);

  const { alipay, wechat, card } = deps.providers.payments.forBrand(1);
  const sandboxes = [alipay, wechat, card];
  // The cashier serves whichever gateways are sandboxes (Alipay's, with WeChat live, say).
  if (deps.config.appEnv === 'production' || !sandboxes.some((g) => g instanceof SandboxGateway))
    return;

  app.get(
    '/cashier/:outTradeNo',
    {
      schema: {
        params: TradeParams,
        querystring: CashierQuery,
        response: { 200: textReply('text/html', 'The sandbox cashier page'), 404: UNKNOWN_TRADE },
      },
    },
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
    {
      schema: {
        params: OutcomeParams,
        querystring: CashierQuery,
        response: { 303: emptyReply('To the payment result page'), 404: UNKNOWN_TRADE },
      },
    },
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
