/**
 * The order calls of section 7: placing, the list and detail, confirming and cancelling, the
 * deposit freeze, first / stage / tail / renewal payments, receipt, return and buy-out.
 * Rules live in the `orders/` capability modules; this file maps the storefront's calls onto them.
 * (`contract/html` and `signHFB/{id}` belong to the contract routes.)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  BillListReply,
  ExpressReply,
  FreezeReply,
  PayScoreOfferReply,
  LastOrderReply,
  OrderDetailReply,
  OrderIdBody,
  CancelBody,
  ApplyReturnBody,
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
} from '../../../../contract/api/order.ts';
import { IdParams } from '../../../../contract/api/envelope.ts';
import { HEADER_IDEMPOTENCY_KEY } from '../../../../contract/http.ts';
import type { Owner } from '../../orders/rules.ts';
import { idempotent } from '../../orders/idempotency.ts';
import { assertVerifiedFor, placeOrder, reorderInput } from '../../orders/placing.ts';
import { expressOf, lastOrderId, listOrders, orderDetail, ownOrder } from '../../orders/queries.ts';
import { cancelOrder, confirmOrder } from '../../orders/confirm-cancel.ts';
import { startFreeze } from '../../orders/deposit-freeze.ts';
import { payScoreOffer, switchToPaidDeposit } from '../../orders/payscore.ts';
import {
  payBillsOnce,
  unpaidBillList,
  type PayKind,
  type PaymentInfo,
} from '../../orders/payments.ts';
import {
  applyBuyout,
  applyReturn,
  quoteBuyout,
  receiveOrder,
  shipReturn,
} from '../../orders/return-buyout.ts';
import { payRenewal, quoteRenewal } from '../../orders/renewal.ts';
import { currentUser } from '../../plugins/auth.ts';
import { conflict, ok } from '../../plugins/errors.ts';

const idempotencyKey = (request: FastifyRequest): string | undefined => {
  const value = request.headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

type OrderApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** What every group of order routes uses: the services, the auth hooks and the detail reader. */
const routeContext = (app: OrderApp) => {
  const deps = app.deps;
  const { db } = deps;
  const auth = { onRequest: app.authenticate };
  // Money routes: the user first, then the limits per IP and per user.
  const payAuth = { onRequest: [app.authenticate, app.limitPayment] };

  const detailOf = (user: Owner, orderId: number) => orderDetail(db, user, orderId);
  return { deps, db, auth, payAuth, detailOf };
};

/** Placing: a new order, the same again, and place-and-submit. */
const placingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, db, auth } = routeContext(app);

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
      const input = await reorderInput(db, user, request.body.orderId, request.body.addressId);
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
      await assertVerifiedFor(db, user, request.body.depositMethod ?? 'freeze');
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
};

/** Reading: the list, one order, the last order. */
const readingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, auth, detailOf } = routeContext(app);

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
      const lastId = await lastOrderId(db, user);
      return ok(lastId !== undefined ? await detailOf(user, lastId) : null);
    },
  );
};

/** Before payment: confirming, cancelling, freezing the deposit again. */
const beforePaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, db, auth, payAuth, detailOf } = routeContext(app);

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
      { ...auth, schema: { body: CancelBody, response: { 200: OrderDetailReply } } },
      async (request) => {
        const user = currentUser(request);
        await cancelOrder(db, deps, user, request.body.orderId, request.body.reason);
        return ok(await detailOf(user, request.body.orderId));
      },
    );
  }

  app.post(
    '/refreeze',
    { ...payAuth, schema: { body: OrderIdBody, response: { 200: FreezeReply } } },
    async (request) => ok(await startFreeze(db, deps, currentUser(request), request.body.orderId)),
  );
  // WeChat Pay Score: whether the deposit-free choice is offered to this user here, and the
  // switch to a paid deposit when Pay Score refused.
  app.get(
    '/payScore',
    { ...auth, schema: { response: { 200: PayScoreOfferReply } } },
    async (request) => ok(await payScoreOffer(db, deps, currentUser(request))),
  );
  app.post(
    '/switchDeposit',
    { ...auth, schema: { body: OrderIdBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      await switchToPaidDeposit(db, deps, user, request.body.orderId);
      return ok(await detailOf(user, request.body.orderId));
    },
  );
};

/** Payments: the bill lists, first / stage / tail payments and renewals. */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, db, auth, payAuth } = routeContext(app);

  const billList = (user: Owner, orderId: number, kinds: 'first' | 'foot' | 'stage') =>
    unpaidBillList(db, deps, user, orderId, kinds);

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
    const input = {
      orderId: body.orderId,
      channel: channel ?? body.channel ?? 'alipay',
      ...(body.returnOrigin !== undefined ? { returnOrigin: body.returnOrigin } : {}),
      billIds: body.billIds,
      kind,
    };
    return payBillsOnce(db, deps, user, input, idempotencyKey(request));
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
};

/** After shipping: receipt, the waybill, return and buy-out. */
const afterShippingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, db, auth, detailOf } = routeContext(app);

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
      return ok(await expressOf(db, currentUser(request), request.body.orderId));
    },
  );

  // Asking to return only checks it is allowed now; the waybill (confirm/return) moves the order.
  app.post(
    '/apply/return',
    { ...auth, schema: { body: ApplyReturnBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      const orderId = await applyReturn(db, user, request.body.orderId, request.body.reason);
      return ok(await detailOf(user, orderId));
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

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(placingRoutes);
  await app.register(readingRoutes);
  await app.register(beforePaymentRoutes);
  await app.register(paymentRoutes);
  await app.register(afterShippingRoutes);
};

export const prefix = '/api/order';
export default orderRoutes;
