/**
 * Orders: placing, the list tabs of My orders, the order view (state, headline, what the user may
 * do now, bills, timeline), and the bodies of the order calls. Money is integer fen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable, PageOf } from './envelope.ts';
import { statesWhere, type OrderStatus } from '../order-status.ts';

/**
 * The tabs of My orders and the states each shows (the storefront uses this one mapping), read off
 * each state's row in ORDER_STATE_FACTS.
 */
export const ORDER_TABS = {
  all: { label: '全部', statuses: [] as readonly OrderStatus[] },
  unpaid: { label: '待支付', statuses: statesWhere((state) => state.tab === 'unpaid') },
  review: { label: '待审核', statuses: statesWhere((state) => state.tab === 'review') },
  ship: { label: '待发货', statuses: statesWhere((state) => state.tab === 'ship') },
  receive: { label: '待收货', statuses: statesWhere((state) => state.tab === 'receive') },
  renting: { label: '租用中', statuses: statesWhere((state) => state.tab === 'renting') },
  /**
   * 我的 → 待还账单: orders that still owe on a bill, in whatever state once the first payment is
   * made (renting, due, overdue, returning, compensation …); before it they are 待支付.
   */
  owing: {
    label: '待还款',
    statuses: statesWhere((state) => state.owing),
    withUnpaidBills: true,
  },
  return: { label: '待归还', statuses: statesWhere((state) => state.tab === 'return') },
  overdue: { label: '逾期', statuses: statesWhere((state) => state.tab === 'overdue') },
  done: { label: '已完成', statuses: statesWhere((state) => state.tab === 'done') },
  cancelled: { label: '已取消', statuses: statesWhere((state) => state.tab === 'cancelled') },
} as const;
export type OrderTab = keyof typeof ORDER_TABS;
export const OrderTabSchema = Type.Union(
  (Object.keys(ORDER_TABS) as OrderTab[]).map((tab) => Type.Literal(tab)),
);

export const DepositMethod = Type.Union([
  Type.Literal('freeze'),
  Type.Literal('card'),
  Type.Literal('paid'),
  Type.Literal('waived'),
  // WeChat Pay Score's deposit-free mode (微信支付分 先免): WeChat mini-program only.
  Type.Literal('payscore'),
]);
export type DepositMethod = Static<typeof DepositMethod>;
export const PayChannel = Type.Union([Type.Literal('alipay'), Type.Literal('wechat')]);
export type PayChannel = Static<typeof PayChannel>;

export const PlaceOrderBody = Type.Object({
  goodsId: Id,
  skuId: Id,
  planId: Id,
  addressId: Id,
  /** A coupon the user has claimed (the coupon's id). */
  couponId: Type.Optional(Id),
  serviceIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
  /** freeze (Alipay fund authorisation, default), card (withholding; WeChat), paid, waived. */
  depositMethod: Type.Optional(DepositMethod),
  /** The storefront's device id (kept on the order: risk review links orders from one device). */
  deviceId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
  /**
   * The channel the customer arrived with (the storefront's launch query `code`), kept on the
   * order for the console's reports by channel.
   */
  channelCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;
export const PlaceOrderReply = Envelope(Type.Object({ id: Id }));

export const OrderIdBody = Type.Object({ orderId: Id });
export type OrderIdBody = Static<typeof OrderIdBody>;
/**
 * A reason's value from the `cancel_reason` / `return_reason` dictionary (GET
 * /api/common/dictionary); one the dictionary does not have answers 422. Optional: builds older
 * than the reasons send only the order's id.
 */
const ReasonValue = Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' });
/** cancel / cancle. */
export const CancelBody = Type.Object({ orderId: Id, reason: Type.Optional(ReasonValue) });
export type CancelBody = Static<typeof CancelBody>;
/** apply/return. */
export const ApplyReturnBody = Type.Object({ orderId: Id, reason: Type.Optional(ReasonValue) });
export type ApplyReturnBody = Static<typeof ApplyReturnBody>;
/** place2: order again from an earlier order's goods, SKU and plan. */
export const ReorderBody = Type.Object({ orderId: Id, addressId: Type.Optional(Id) });
export type ReorderBody = Static<typeof ReorderBody>;

export const Bill = Type.Object({
  id: Id,
  kind: Type.String(),
  period: Type.Integer(),
  /** YYYY-MM-DD; a placeholder while `dueAfterStart` is set. */
  dueDate: Type.String(),
  /**
   * Before the rent start date is known (the day after receipt): the bill falls due this many
   * periods after it, as the contract says; null once it has a date of its own.
   */
  dueAfterStart: Type.Optional(
    Nullable(
      Type.Object({
        unit: Type.Union([Type.Literal('month'), Type.Literal('day')]),
        periods: Type.Integer({ minimum: 0 }),
      }),
    ),
  ),
  original: Type.Integer(),
  discount: Type.Integer(),
  overdueFee: Type.Integer(),
  /**
   * Of the late fee, what the merchant waived (已减免); `overdueFee` is what is left of it. Optional
   * for the builds that predate it.
   */
  feeWaived: Type.Optional(Type.Integer()),
  overdueDays: Type.Integer(),
  /** original − discount + overdue fee. */
  due: Type.Integer(),
  paid: Type.Integer(),
  outstanding: Type.Integer(),
  status: Type.String(),
  /** How it was paid: alipay, wechat, card, auth (the deposit authorisation), offline (已线下还款)… */
  channel: Nullable(Type.String()),
  outTradeNo: Nullable(Type.String()),
  paidAt: Nullable(Type.String()),
});
export type Bill = Static<typeof Bill>;

/**
 * One line of the order's history as the customer sees it: what happened (`action`, named by the
 * catalogue's `order.event.<action>`) and its figures as data, in the user's language on screen —
 * amounts in fen, dates 'YYYY-MM-DD', `reason` a dictionary value. The ops' notes, which may name
 * provider ids, stay in the ops API.
 */
export const OrderEvent = Type.Object({
  action: Type.String(),
  from: Type.String(),
  to: Type.String(),
  at: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});
export type OrderEvent = Static<typeof OrderEvent>;

/** A reason the user chose: its dictionary value and the dictionary's (Chinese) label. */
export const ChosenReason = Type.Object({ value: Type.String(), label: Type.String() });
export type ChosenReason = Static<typeof ChosenReason>;

export const OrderSummary = Type.Object({
  id: Id,
  /** The number a customer quotes: the day it was placed (China time) and the id, 14+ digits. */
  orderNo: Type.String(),
  status: Type.String(),
  statusText: Type.String(),
  /** What the user may do now: verify, confirm, sign, refreeze, pay, cancel, receive, … */
  actions: Type.Array(Type.String()),
  /** What is under way on top of the state: renewal, return, buyout or cancel (null: nothing). */
  subProcess: Type.Optional(Nullable(Type.String())),
  goodsName: Type.String(),
  cover: Type.String(),
  skuText: Type.String(),
  termUnit: Type.String(),
  term: Type.Integer(),
  /** The plan's rent of one period, services aside. */
  rentPerPeriod: Type.Integer(),
  /** What each period's bill asks for: rent and per-period services (the lease quote's). */
  perPeriod: Type.Integer(),
  deposit: Type.Integer(),
  depositMethod: Type.String(),
  createdAt: Type.String(),
});
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderDetail = Type.Composite([
  OrderSummary,
  Type.Object({
    couponDiscount: Type.Integer(),
    startDate: Nullable(Type.String()),
    endDate: Nullable(Type.String()),
    waybill: Nullable(Type.String()),
    returnWaybill: Nullable(Type.String()),
    address: Type.Object({
      name: Type.String(),
      mobile: Type.String(),
      province: Type.String(),
      city: Type.String(),
      district: Type.String(),
      detail: Type.String(),
    }),
    services: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        price: Type.Integer(),
        /** `period`: with every rent; `once`: with the first payment. */
        priceUnit: Type.Optional(Type.Union([Type.Literal('once'), Type.Literal('period')])),
      }),
    ),
    bills: Type.Array(Bill),
    events: Type.Array(OrderEvent),
    /** Why the user last asked to cancel / to return, when they said. */
    cancelReason: Nullable(ChosenReason),
    returnReason: Nullable(ChosenReason),
    /**
     * The deposit authorisation (freeze orders): its amount, what the user's credit waived and
     * what is really frozen (null where the provider said nothing of credit).
     */
    depositAuthorisation: Type.Optional(
      Nullable(
        Type.Object({
          status: Type.String(),
          amount: Type.Integer(),
          waived: Nullable(Type.Integer()),
          frozen: Nullable(Type.Integer()),
        }),
      ),
    ),
  }),
]);
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderListQuery = Type.Object({
  status: Type.Optional(OrderTabSchema),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;
export const OrderListReply = Envelope(PageOf(OrderSummary));
export const OrderDetailReply = Envelope(OrderDetail);
export const LastOrderReply = Envelope(Nullable(OrderDetail));
/** An order's bills a payment would cover; total is the sum of their outstanding amounts, fen. */
export const BillList = Type.Object({
  orderId: Id,
  /** The order's number as the customer reads it (OrderSummary.orderNo). */
  orderNo: Type.String(),
  bills: Type.Array(Bill),
  total: Type.Integer(),
});
export type BillList = Static<typeof BillList>;
export const BillListReply = Envelope(BillList);
export type BillListReply = Static<typeof BillListReply>;

export const PayBody = Type.Object({
  orderId: Id,
  channel: Type.Optional(PayChannel),
  /** Which bills (stage/foot payments); omitted: what this call pays by default. */
  billIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 60 })),
  /**
   * H5: the storefront's origin (`https://m.example.com`, an allowed OAuth host). With live
   * Alipay the reply's cashierUrl is then Alipay's mobile cashier, returning to its
   * paymentResult page.
   */
  returnOrigin: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PayBody = Static<typeof PayBody>;
/** The opened payment: the sandbox cashier on H5, the trade number on mini-programs. */
export const OpenedPayment = Type.Object({
  outTradeNo: Type.String(),
  amount: Type.Integer(),
  channel: Type.String(),
  /** The sandbox cashier (H5, desktop QR); mini-programs pay with the trade number. */
  cashierUrl: Type.String(),
  tradeNo: Type.String(),
  /** WeChat Pay: wx.requestPayment's parameters, signed by the server (mini-program only). */
  wechat: Type.Optional(
    Type.Object({
      timeStamp: Type.String(),
      nonceStr: Type.String(),
      package: Type.String(),
      signType: Type.Literal('RSA'),
      paySign: Type.String(),
    }),
  ),
});
export type OpenedPayment = Static<typeof OpenedPayment>;
export const PaymentReply = Envelope(OpenedPayment);
export type PaymentReply = Static<typeof PaymentReply>;

export const ReturnBody = Type.Object({
  orderId: Id,
  expressCode: Type.String({ pattern: '^[a-z0-9_]{2,20}$' }),
  waybill: Type.String({ pattern: '^[A-Za-z0-9]{6,30}$' }),
});
export type ReturnBody = Static<typeof ReturnBody>;

/** A quote (buy-out, renewal, early return): its parts, the total, and a renewal's new end date. */
export const OrderQuote = Type.Object({
  orderId: Id,
  /** Each part of the amount, fen. */
  lines: Type.Array(Type.Object({ label: Type.String(), amount: Type.Integer() })),
  total: Type.Integer(),
  newEndDate: Nullable(Type.String()),
});
export type OrderQuote = Static<typeof OrderQuote>;
export const QuoteReply = Envelope(OrderQuote);
export type QuoteReply = Static<typeof QuoteReply>;
/** Early return (提前归还): the order and the quote's total the user confirmed, fen. */
export const EarlyReturnBody = Type.Object({
  orderId: Id,
  total: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
});
export type EarlyReturnBody = Static<typeof EarlyReturnBody>;

export const RenewBody = Type.Object({
  orderId: Id,
  periods: Type.Integer({ minimum: 1, maximum: 12 }),
  channel: Type.Optional(PayChannel),
});
export type RenewBody = Static<typeof RenewBody>;

/** The waybills of an order (out and back) and the carrier's trace. */
export const OrderExpress = Type.Object({
  waybill: Nullable(Type.String()),
  returnWaybill: Nullable(Type.String()),
  traces: Type.Array(Type.Object({ at: Type.String(), text: Type.String() })),
});
export type OrderExpress = Static<typeof OrderExpress>;
export const ExpressReply = Envelope(OrderExpress);
export type ExpressReply = Static<typeof ExpressReply>;
/** The Alipay deposit authorisation (freeze): pending (asked), frozen or failed. */
export const FreezeState = Type.Object({
  outRequestNo: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  /** Live Alipay: the signed order string the mini-program passes to `my.tradePay({ orderStr })`. */
  orderStr: Type.Optional(Type.String()),
  /**
   * WeChat Pay Score: what the mini-program passes to `wx.openBusinessView` so the user confirms
   * the service order in WeChat (`businessType: 'wxpayScoreUse'`, `extraData: { package }`).
   */
  payScore: Type.Optional(
    Type.Object({
      businessType: Type.Literal('wxpayScoreUse'),
      extraData: Type.Object({ package: Type.String() }),
    }),
  ),
});
export type FreezeState = Static<typeof FreezeState>;

/** Whether WeChat Pay Score's deposit-free choice is offered to this user on this brand. */
export const PayScoreOffer = Type.Object({
  /** The brand offers it (WeChat mini-program, Pay Score configured). */
  offered: Type.Boolean(),
  /** Pay Score refused this user on this brand earlier: the deposit options stay. */
  refused: Type.Boolean(),
  /** Pay Score's own words when it refused. */
  reason: Type.Optional(Type.String()),
});
export type PayScoreOffer = Static<typeof PayScoreOffer>;
export const PayScoreOfferReply = Envelope(PayScoreOffer);
export const FreezeReply = Envelope(FreezeState);
export type FreezeReply = Static<typeof FreezeReply>;
export const OkReply = Envelope(Type.Null());
export const ChangeNote = FreeText(0, 200);
