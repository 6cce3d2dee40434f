/**
 * The order calls of section 7: placing, the list and detail, confirming and cancelling, the
 * deposit freeze, first / stage / tail / renewal payments, receipt, return and buy-out.
 * Rules live in the `orders/` capability modules; this file maps the storefront's calls onto them.
 * (`contract/html` and `signHFB/{id}` belong to the contract routes.)
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  BillListReply,
  ExpressReply,
  FreezeReply,
  LastOrderReply,
  OrderDetailReply,
  OrderIdBody,
  OrderListQuery,
  OrderListReply,
  PaymentReply,
  PayBody,
  PlaceOrderBody,
  PlaceOrderReply,
  QuoteReply,
  RenewBody,
  ReorderBody,
  ReturnBody,
} from '../../../contract/api/order.ts';
import { IdParams } from '../../../contract/api/envelope.ts';
import { HEADER_IDEMPOTENCY_KEY } from '../../../contract/http.ts';
import { verificationStatus } from '../kyc/status.ts';
import { billView } from '../orders/queries.ts';
import { illegalAction, findTransition } from '../orders/machine.ts';
import { busy, type Owner } from '../orders/common.ts';
import { idempotent } from '../orders/idempotency.ts';
import { placeOrder } from '../orders/placing.ts';
import { listOrders, orderDetail, ownOrder } from '../orders/queries.ts';
import { cancelOrder, confirmOrder, requiredChecks } from '../orders/confirm-cancel.ts';
import { startFreeze } from '../orders/deposit-freeze.ts';
import { payBills, type PayKind, type PaymentInfo } from '../orders/payments.ts';
import { applyBuyout, quoteBuyout, receiveOrder, shipReturn } from '../orders/return-buyout.ts';
import { payRenewal, quoteRenewal } from '../orders/renewal.ts';
import { dayOf } from '../orders/bills.ts';
import { currentUser } from '../plugins/auth.ts';
import { ApiError, badRequest, conflict, ok } from '../plugins/errors.ts';

const idempotencyKey = (request: FastifyRequest): string | undefined => {
  const value = request.headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const auth = { onRequest: app.authenticate };
  // Money routes: the user first, then the limits per IP and per user.
  const payAuth = { onRequest: [app.authenticate, app.limitPayment] };

  const detailOf = (user: Owner, orderId: number) => orderDetail(db, user, orderId);

  // ------------------------------------------------------------------ placing
  app.post(
    '/place',
    { ...auth, schema: { body: PlaceOrderBody, response: { 200: PlaceOrderReply } } },
    async (request) => {
      const user = currentUser(request);
      const key = idempotencyKey(request);
      return ok(
        await idempotent(db, user, 'order/place', key, request.body, (trx) =>
          placeOrder(trx, deps, user, request.body),
        ),
      );
    },
  );

  // Order again what an earlier order rented, to the given (or default) address.
  app.post(
    '/place2',
    { ...auth, schema: { body: ReorderBody, response: { 200: PlaceOrderReply } } },
    async (request) => {
      const user = currentUser(request);
      const earlier = await ownOrder(db, user, request.body.orderId);
      const address =
        request.body.addressId ??
        (
          await db
            .selectFrom('addresses')
            .select('id')
            .where('user_id', '=', user.id)
            .where('platform', '=', user.platform)
            .orderBy('is_default', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst()
        )?.id;
      if (address === undefined) throw badRequest('请先添加收货地址');
      const input = {
        goodsId: earlier.goods_id,
        skuId: earlier.sku_id,
        planId: earlier.plan_id,
        addressId: address,
        serviceIds: earlier.snapshot.services.map((s) => s.id),
        depositMethod: earlier.deposit_method,
      };
      return ok(
        await idempotent(db, user, 'order/place2', idempotencyKey(request), input, (trx) =>
          placeOrder(trx, deps, user, input),
        ),
      );
    },
  );

  // Place and submit at once, only when every check the deposit method needs is done.
  app.post(
    '/placeAll',
    { ...auth, schema: { body: PlaceOrderBody, response: { 200: PlaceOrderReply } } },
    async (request) => {
      const user = currentUser(request);
      const status = await verificationStatus(db, user.id);
      const required = requiredChecks(request.body.depositMethod ?? 'freeze');
      const missing = (Object.keys(required) as (keyof typeof required)[]).filter(
        (check) => required[check] && !status[check],
      );
      if (missing.length > 0) throw new ApiError(422, `请先完成认证：${missing.join(', ')}`, 422);
      const placed = await idempotent(
        db,
        user,
        'order/placeAll',
        idempotencyKey(request),
        request.body,
        (trx) => placeOrder(trx, deps, user, request.body),
      );
      const order = await ownOrder(db, user, placed.id);
      if (order.status === 'PENDING_VERIFY') await confirmOrder(db, deps, user, placed.id);
      return ok(placed);
    },
  );

  // ------------------------------------------------------------------ reading
  app.get(
    '/list',
    { ...auth, schema: { querystring: OrderListQuery, response: { 200: OrderListReply } } },
    async (request) => {
      const { status = 'all', pageNum = 1, pageSize = 10 } = request.query;
      return ok(await listOrders(db, currentUser(request), status, pageNum, pageSize));
    },
  );

  app.get(
    '/detail/:id',
    { ...auth, schema: { params: IdParams, response: { 200: OrderDetailReply } } },
    async (request) => ok(await detailOf(currentUser(request), request.params.id)),
  );

  app.get(
    '/selectLastOrder',
    { ...auth, schema: { response: { 200: LastOrderReply } } },
    async (request) => {
      const user = currentUser(request);
      const last = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', user.id)
        .where('platform', '=', user.platform)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return ok(last ? await detailOf(user, last.id) : null);
    },
  );

  // ------------------------------------------------------------------ before payment
  app.post(
    '/confirm',
    { ...auth, schema: { body: OrderIdBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      await confirmOrder(db, deps, user, request.body.orderId);
      return ok(await detailOf(user, request.body.orderId));
    },
  );

  for (const spelling of ['/cancel', '/cancle']) {
    app.post(
      spelling,
      { ...auth, schema: { body: OrderIdBody, response: { 200: OrderDetailReply } } },
      async (request) => {
        const user = currentUser(request);
        await cancelOrder(db, deps, user, request.body.orderId);
        return ok(await detailOf(user, request.body.orderId));
      },
    );
  }

  app.post(
    '/refreeze',
    { ...payAuth, schema: { body: OrderIdBody, response: { 200: FreezeReply } } },
    async (request) => ok(await startFreeze(db, deps, currentUser(request), request.body.orderId)),
  );

  // ------------------------------------------------------------------ payments
  const billList = async (user: Owner, orderId: number, kinds: 'first' | 'foot' | 'stage') => {
    const order = await ownOrder(db, user, orderId);
    const today = dayOf(deps.now());
    const bills = (
      await db
        .selectFrom('bills')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute()
    ).filter((bill) => {
      if (bill.status !== 'unpaid') return false;
      if (kinds === 'first') return bill.kind === 'FIRST' || bill.kind === 'DEPOSIT';
      if (kinds === 'stage') return bill.due_date.toISOString().slice(0, 10) <= today;
      return true;
    });
    const views = bills.map(billView);
    return { orderId, bills: views, total: views.reduce((sum, b) => sum + b.outstanding, 0) };
  };

  app.post(
    '/firstPayList',
    { ...auth, schema: { body: OrderIdBody, response: { 200: BillListReply } } },
    async (request) => ok(await billList(currentUser(request), request.body.orderId, 'first')),
  );
  app.post(
    '/footPayList',
    { ...auth, schema: { body: OrderIdBody, response: { 200: BillListReply } } },
    async (request) => ok(await billList(currentUser(request), request.body.orderId, 'foot')),
  );
  app.post(
    '/stagePayPreOrder',
    { ...auth, schema: { body: PayBody, response: { 200: BillListReply } } },
    async (request) => ok(await billList(currentUser(request), request.body.orderId, 'stage')),
  );

  /**
   * Opens (or returns the open) payment. With an Idempotency-Key the first answer is replayed;
   * without one, duplicates still share the open payment of the same bills.
   */
  const pay = async (
    request: FastifyRequest,
    body: PayBody,
    kind: PayKind | 'auto',
    channel: 'alipay' | 'wechat' | undefined,
  ): Promise<PaymentInfo> => {
    const user = currentUser(request);
    const resolved: PayKind =
      kind === 'auto'
        ? (await ownOrder(db, user, body.orderId)).status === 'PENDING_PAY'
          ? 'first'
          : 'stage'
        : kind;
    const input = {
      orderId: body.orderId,
      channel: channel ?? body.channel ?? 'alipay',
      ...(body.returnOrigin !== undefined ? { returnOrigin: body.returnOrigin } : {}),
      billIds: body.billIds,
      kind: resolved,
    };
    const key = idempotencyKey(request);
    if (key === undefined) return payBills(db, deps, user, input);
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('Idempotency-Key 格式不正确');
    const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    // A key is the user's on one brand.
    const payScope = `order/pay@${user.platform}`;
    const seen = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response'])
      .where('user_id', '=', user.id)
      .where('scope', '=', payScope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen) {
      if (seen.request_hash !== hash) throw conflict('Idempotency-Key 已用于另一个请求');
      return seen.response as PaymentInfo;
    }
    const info = await payBills(db, deps, user, input);
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        scope: payScope,
        key,
        request_hash: hash,
        response: JSON.stringify(info),
      })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
      .execute();
    return info;
  };

  const payRoutes: [string, PayKind | 'auto', 'alipay' | 'wechat' | undefined][] = [
    ['/pay', 'auto', undefined],
    ['/pay2', 'auto', 'wechat'],
    ['/pay3', 'auto', 'alipay'],
    ['/payPreOrder', 'first', undefined],
    ['/payOrder', 'auto', undefined],
    ['/scanPayOrder', 'auto', undefined],
    ['/stagePayOrderByZfb', 'stage', 'alipay'],
    ['/stagePayOrderByWx', 'stage', 'wechat'],
    ['/footPay', 'foot', undefined],
  ];
  for (const [url, kind, channel] of payRoutes) {
    app.post(
      url,
      { ...payAuth, schema: { body: PayBody, response: { 200: PaymentReply } } },
      async (request) => ok(await pay(request, request.body, kind, channel)),
    );
  }

  app.post(
    '/reenjoyPayPreOrder',
    { ...auth, schema: { body: RenewBody, response: { 200: QuoteReply } } },
    async (request) =>
      ok(
        await quoteRenewal(
          db,
          deps,
          currentUser(request),
          request.body.orderId,
          request.body.periods,
        ),
      ),
  );
  app.post(
    '/reenjoyPayOrder',
    { ...payAuth, schema: { body: RenewBody, response: { 200: PaymentReply } } },
    async (request) =>
      ok(
        await payRenewal(db, deps, currentUser(request), {
          orderId: request.body.orderId,
          periods: request.body.periods,
          channel: request.body.channel ?? 'alipay',
        }),
      ),
  );

  // ------------------------------------------------------------------ after shipping
  for (const url of ['/received', '/confirmReceive']) {
    app.post(
      url,
      { ...auth, schema: { body: OrderIdBody, response: { 200: OrderDetailReply } } },
      async (request) => {
        const user = currentUser(request);
        await receiveOrder(db, deps, request.body.orderId, 'user', user);
        return ok(await detailOf(user, request.body.orderId));
      },
    );
  }

  app.post(
    '/express',
    { ...auth, schema: { body: OrderIdBody, response: { 200: ExpressReply } } },
    async (request) => {
      const order = await ownOrder(db, currentUser(request), request.body.orderId);
      const events = await db
        .selectFrom('order_events')
        .select(['action', 'created_at', 'note'])
        .where('order_id', '=', order.id)
        .where('action', 'in', ['ship', 'deliver', 'ship_return', 'receive_return'])
        .orderBy('id')
        .execute();
      const text: Record<string, string> = {
        ship: '商家已发货',
        deliver: '快件已签收',
        ship_return: '归还快件已寄出',
        receive_return: '商家已收到归还',
      };
      return ok({
        waybill: order.waybill,
        returnWaybill: order.return_waybill,
        traces: events.map((e) => ({
          at: e.created_at.toISOString(),
          text: text[e.action] ?? e.note,
        })),
      });
    },
  );

  // Asking to return only checks it is allowed now; the waybill (confirm/return) moves the order.
  app.post(
    '/apply/return',
    { ...auth, schema: { body: OrderIdBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      const order = await ownOrder(db, user, request.body.orderId);
      if (!findTransition(order.status, 'ship_return'))
        throw illegalAction(order.status, 'apply/return');
      if (order.sub_process && order.sub_process !== 'return') throw busy(order);
      await db
        .updateTable('orders')
        .set({ sub_process: 'return' })
        .where('id', '=', order.id)
        .where('sub_process', 'is', null)
        .execute();
      return ok(await detailOf(user, order.id));
    },
  );
  app.post(
    '/confirm/return',
    { ...auth, schema: { body: ReturnBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      await shipReturn(db, deps, user, request.body);
      return ok(await detailOf(user, request.body.orderId));
    },
  );

  app.post(
    '/apply/buyout',
    { ...auth, schema: { body: OrderIdBody, response: { 200: QuoteReply } } },
    async (request) => {
      const user = currentUser(request);
      const result = await applyBuyout(db, deps, user, request.body.orderId);
      return ok({
        orderId: request.body.orderId,
        lines: result.quote.lines,
        total: result.quote.total,
        newEndDate: null,
      });
    },
  );
  // The quote alone (the storefront shows it before the user applies).
  app.get(
    '/buyoutQuote/:id',
    { ...auth, schema: { params: IdParams, response: { 200: QuoteReply } } },
    async (request) => {
      const { quote } = await quoteBuyout(db, deps, currentUser(request), request.params.id);
      return ok({
        orderId: request.params.id,
        lines: quote.lines,
        total: quote.total,
        newEndDate: null,
      });
    },
  );

  // The merchant proposes no changes in this system yet: nothing to accept.
  app.post(
    '/confirmChanges',
    { ...auth, schema: { body: OrderIdBody, response: { 200: Type.Object({}) } } },
    async (request) => {
      await ownOrder(db, currentUser(request), request.body.orderId);
      throw conflict('没有待确认的订单变更');
    },
  );
};

export default orderRoutes;
