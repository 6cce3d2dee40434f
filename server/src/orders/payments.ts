/**
 * Bills and payments: opening a payment for bills, withholding, deducting from the deposit.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../boot/deps.ts';
import { allowedRedirect } from '../lib/redirects.ts';
import { badRequest, conflict } from '../plugins/errors.ts';
import type { WechatPayParams } from '../payments/gateway.ts';
import { enqueueOutbox, newTradeNo } from '../payments/operations.ts';
import { dayOf, type BillRow } from './bills.ts';
import { illegalAction, type OrderStatus } from './machine.ts';
import { type Db, type Owner, type Trx, toDay } from './rules.ts';
import { billView, orderNumber, type OrderRow, ownOrder } from './queries.ts';
import { USER_CHANNELS, closePayments } from './confirm-cancel.ts';
import {
  billsOf,
  billsWithOpenPaymentOf,
  findIdempotentReply,
  insertBillsPayment,
  saveIdempotentReply,
} from './order-records.ts';
import {
  billsCoveredBy,
  walletIdsOf,
  lockFrozenAuthorisationOf,
  markAuthorisationClosed,
  orderColumns,
  setAuthorisationPaid,
  setProviderTradeNo,
} from './payment-rows.ts';
// ---------------------------------------------------------------------------------------------
// Payments

export type PayKind = 'first' | 'stage' | 'foot' | 'all';

/** Which bills a payment call covers when the client names none. */
function defaultBills<B extends BillRow & { due_date: Date }>(
  order: OrderRow,
  bills: B[],
  kind: PayKind,
  today: string,
) {
  const unpaid = bills.filter((b) => b.status === 'unpaid');
  if (kind === 'first') return unpaid.filter((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT');
  if (kind === 'foot') return unpaid;
  if (kind === 'all')
    return unpaid.filter(
      (b) => (b.kind !== 'FIRST' && b.kind !== 'DEPOSIT') || order.status === 'PENDING_PAY',
    );
  // stage: what is due by today, or else the next one
  const due = unpaid.filter((b) => (toDay(b.due_date) ?? today) <= today);
  return due.length > 0 ? due : unpaid.slice(0, 1);
}

/** Where bills of a rented order can be paid (`stage` also once shipped). */
const RENTED_PAYABLE: readonly OrderStatus[] = [
  'RENTING',
  'OVERDUE',
  'DUE',
  'RETURN_OVERDUE',
  'BUYING_OUT',
  'COMPENSATION',
  'RETURNING',
  'INSPECTING',
];

const PAYABLE: Record<PayKind, readonly OrderStatus[]> = {
  first: ['PENDING_PAY'],
  stage: ['SHIPPED', ...RENTED_PAYABLE],
  foot: RENTED_PAYABLE,
  all: ['PENDING_PAY', 'RENTING', 'OVERDUE', 'DUE', 'RETURN_OVERDUE', 'BUYING_OUT', 'COMPENSATION'],
};

export interface PaymentInfo {
  outTradeNo: string;
  amount: number;
  channel: string;
  cashierUrl: string;
  tradeNo: string;
  /** WeChat Pay live: what the mini-program hands wx.requestPayment. */
  wechat?: WechatPayParams;
}

interface PayInput {
  orderId: number;
  /** 'card': withheld from the bound card, 'auth': taken from the deposit authorisation (both the scheduler's). */
  channel: 'alipay' | 'wechat' | 'card' | 'auth' | 'payscore';
  billIds?: number[];
  /** 'auto': the first payment while the order waits for it, else what is due (stage). */
  kind: PayKind | 'auto';
}

interface OpenedPayment {
  id: number;
  outTradeNo: string;
  amount: number;
  channel: string;
  tradeNo: string;
  isNew: boolean;
}

/**
 * Opens one payment for bills of the order, inside the caller's transaction (the order row is
 * locked). A bill belongs to at most one open payment (a partial unique index), so a repeated
 * request for the same bills gets the same payment back and the user is charged once.
 */
async function openPayment(
  trx: Trx,
  deps: AppDeps,
  user: Owner,
  input: PayInput,
): Promise<OpenedPayment> {
  const today = dayOf(deps.now());
  const order = await ownOrder(trx, user, input.orderId, { lock: true });
  const kind =
    input.kind !== 'auto' ? input.kind : order.status === 'PENDING_PAY' ? 'first' : 'stage';
  if (!PAYABLE[kind].includes(order.status)) throw illegalAction(order.status, 'pay');
  // The bills and the open payments covering them, in one statement.
  const billsAndOpen = await billsWithOpenPaymentOf(trx, order.id);
  const bills = billsAndOpen.map((row) => row.bill);
  let chosen: typeof bills;
  if (input.billIds) {
    const ids = new Set(input.billIds);
    chosen = bills.filter((b) => ids.has(b.id));
    if (chosen.length !== ids.size) throw badRequest('账单不存在');
    if (chosen.some((b) => b.status !== 'unpaid')) throw conflict('账单已支付');
    if (
      order.status === 'PENDING_PAY' &&
      chosen.some((b) => b.kind !== 'FIRST' && b.kind !== 'DEPOSIT')
    )
      throw badRequest('请先支付首期');
  } else chosen = defaultBills(order, bills, kind, today);
  if (chosen.length === 0) throw conflict('没有待支付的账单');
  const chosenIds = chosen.map((b) => b.id);
  const chosenSet = new Set(chosenIds);
  const open = billsAndOpen.flatMap((row) =>
    row.open !== null && chosenSet.has(row.bill.id) ? [row.open] : [],
  );
  if (open.length > 0) {
    const same = open[0]!;
    const covers = await billsCoveredBy(trx, same.id);
    const sameSet =
      covers.length === chosenIds.length &&
      open.length === chosenIds.length &&
      open.every((row) => row.id === same.id);
    if (sameSet && same.channel === input.channel)
      return {
        id: same.id,
        outTradeNo: same.out_trade_no,
        amount: same.amount,
        channel: same.channel,
        tradeNo: same.provider_trade_no ?? '',
        isNew: false,
      };
    // The bank or Alipay is being asked for these bills right now: wait for that to finish.
    if (open.some((row) => !(USER_CHANNELS as readonly string[]).includes(row.channel)))
      throw conflict('账单正在自动扣款中，请稍后再试');
    // Another open payment covers some of these bills: close it (the user switched channel or bills).
    await closePayments(trx, deps, [...new Set(open.map((row) => row.id))]);
  }
  const outTradeNo = newTradeNo('PT');
  const { id, amount } = await insertBillsPayment(
    trx,
    { outTradeNo, userId: user.id, orderId: order.id, channel: input.channel },
    chosen,
  );
  return { id, outTradeNo, amount, channel: input.channel, tradeNo: '', isNew: true };
}

/**
 * A payment the user makes (Alipay, WeChat): the payment is opened in a transaction, then the
 * trade is opened at the provider. Opening a trade moves no money, so it may follow the commit;
 * a payment whose trade is missing (a crash in between) gets it on the next request.
 */
export async function payBills(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: PayInput & { channel: 'alipay' | 'wechat'; returnOrigin?: string },
): Promise<PaymentInfo> {
  const gateway = deps.providers.payments.forBrand(user.platform)[input.channel];
  // H5 pays at the provider's mobile cashier where it has one; checked before anything is written.
  const wapPayUrl = gateway.wapPayUrl?.bind(gateway);
  let wapOrigin: string | undefined;
  if (input.returnOrigin !== undefined && wapPayUrl) {
    const allowed = allowedRedirect(input.returnOrigin, deps.config.oauthRedirectHosts);
    if (!allowed) throw badRequest('returnOrigin 不是允许的地址');
    wapOrigin = new URL(allowed).origin;
  }
  // WeChat Pay (JSAPI) charges the user's WeChat account in this brand's mini-program: its open
  // id is needed before anything is written (and is the buyer when the trade is opened).
  const inWallet = gateway.clientPayParams?.bind(gateway);
  const wechatBuyer = inWallet ? await walletBuyer(db, user, 'wechat') : undefined;
  if (wechatBuyer && wechatBuyer.openId === undefined)
    throw badRequest('请在微信小程序内用微信登录后再支付');
  const created = await db.transaction().execute((trx) => openPayment(trx, deps, user, input));
  if (wapOrigin && wapPayUrl) {
    // Alipay opens the trade when the user arrives; its number comes with the notification.
    const result = (status: string) =>
      `${wapOrigin}/#/pages/paymentResult/paymentResult?${new URLSearchParams({
        outTradeNo: created.outTradeNo,
        orderId: String(input.orderId),
        status,
      }).toString()}`;
    return {
      outTradeNo: created.outTradeNo,
      amount: created.amount,
      channel: created.channel,
      tradeNo: created.tradeNo,
      cashierUrl: wapPayUrl({
        outTradeNo: created.outTradeNo,
        amount: created.amount,
        subject: `订单 ${input.orderId}`,
        returnUrl: result('success'),
        quitUrl: result('cancel'),
      }),
    };
  }
  let tradeNo = created.tradeNo;
  if (!tradeNo) {
    const opened = await gateway.createTrade({
      outTradeNo: created.outTradeNo,
      amount: created.amount,
      subject: `订单 ${input.orderId}`,
      buyer: wechatBuyer ?? (await walletBuyer(db, user, input.channel)),
      payerOpenId: wechatBuyer?.openId,
    });
    tradeNo = opened.tradeNo;
    await setProviderTradeNo(db, created.id, tradeNo);
  }
  return {
    outTradeNo: created.outTradeNo,
    amount: created.amount,
    channel: created.channel,
    tradeNo,
    // wx.requestPayment's parameters, signed for the prepay id (a fresh nonce each time).
    ...(inWallet ? { wechat: inWallet(tradeNo) } : {}),
    // The sandbox cashier pays only through a link signed for this payment.
    cashierUrl: gateway.cashierLink?.(created.outTradeNo) ?? `/pay/cashier/${created.outTradeNo}`,
  };
}

/** Who pays as the wallet knows them (from its login): Alipay's user id, else the open id. */
async function walletBuyer(db: Db, user: Owner, channel: 'alipay' | 'wechat') {
  const ids = await walletIdsOf(db, user, channel);
  return {
    userId: (channel === 'alipay' ? ids?.alipayUserId : undefined) ?? undefined,
    openId: ids?.openId ?? undefined,
  };
}

/** The user an order belongs to, on its brand (the scheduler acts for them). */
async function ownerOf(db: Db | Trx, orderId: number): Promise<Owner> {
  const order = await orderColumns(db, orderId, ['user_id', 'platform']);
  return { id: order.user_id, platform: order.platform };
}

/**
 * Withholds what is due on an order from the bound card (the scheduler): the payment and the
 * job that asks the bank are written together; the outcome arrives as a notification.
 */
export async function withholdBills(db: Db, deps: AppDeps, orderId: number, billIds: number[]) {
  const owner = await ownerOf(db, orderId);
  return db.transaction().execute(async (trx) => {
    const payment = await openPayment(trx, deps, owner, {
      orderId,
      channel: 'card',
      billIds,
      kind: 'stage',
    });
    if (payment.isNew) await enqueueOutbox(trx, deps, 'withhold', payment.id);
    return payment;
  });
}

/**
 * Takes what is owed on an order from its deposit authorisation (the scheduler, for bills long
 * overdue on `freeze` orders). The payment, the amount set aside on the authorisation and the
 * job that asks Alipay are one transaction; a refusal gives the amount back (abandonCharge).
 */
export async function deductFromDeposit(
  db: Db,
  deps: AppDeps,
  orderId: number,
  billIds: number[],
  /** The console's record of asking it (audit, request key), in the same transaction. */
  record?: (trx: Trx, payment: { amount: number; outTradeNo: string }) => Promise<void>,
) {
  const owner = await ownerOf(db, orderId);
  /** Not enough left on the authorisation: rolls the payment back, nothing is written. */
  class NotEnoughDeposit extends Error {}
  return db
    .transaction()
    .execute(async (trx) => {
      const payment = await openPayment(trx, deps, owner, {
        orderId,
        channel: 'auth',
        billIds,
        kind: 'stage',
      });
      if (!payment.isNew) return payment;
      const auth = await lockFrozenAuthorisationOf(trx, orderId);
      if (!auth || auth.amount - auth.paid - auth.unfrozen < payment.amount)
        throw new NotEnoughDeposit();
      await setAuthorisationPaid(trx, auth.id, auth.paid + payment.amount);
      await enqueueOutbox(trx, deps, 'pay-from-auth', payment.id);
      await record?.(trx, payment);
      return payment;
    })
    .catch((error: unknown) => {
      if (error instanceof NotEnoughDeposit) return undefined;
      throw error;
    });
}

/**
 * What a `payscore` order owes at the end (the damage, rent still unpaid: whole bills, oldest
 * first, as far as the deposit, the service order's risk fund, reaches) is asked of Pay Score by
 * completing the service order with it (executeCharge); PAYSCORE.USER_PAID pays the bills. The
 * service order then holds nothing more: the authorisation is closed in the same transaction,
 * so the settlement releases nothing twice. Bills beyond the deposit stay for the user to pay.
 */
export async function chargePayScore(trx: Trx, deps: AppDeps, orderId: number) {
  const owner = await ownerOf(trx, orderId);
  const auth = await lockFrozenAuthorisationOf(trx, orderId);
  if (!auth || auth.provider !== 'payscore') return undefined;
  const today = dayOf(deps.now());
  const owed = (await billsOf(trx, orderId)).filter(
    (b) => b.status === 'unpaid' && toDay(b.due_date)! <= today,
  );
  const billIds: number[] = [];
  let total = 0;
  for (const bill of owed) {
    const outstanding = bill.original - bill.discount + bill.overdue_fee - bill.paid;
    if (outstanding <= 0 || total + outstanding > auth.amount - auth.paid - auth.unfrozen) break;
    billIds.push(bill.id);
    total += outstanding;
  }
  if (billIds.length === 0) return undefined;
  const payment = await openPayment(trx, deps, owner, {
    orderId,
    channel: 'payscore',
    billIds,
    kind: 'stage',
  });
  if (!payment.isNew) return payment;
  await markAuthorisationClosed(
    trx,
    auth.id,
    auth.auth_no,
    auth.amount - auth.paid - auth.unfrozen - payment.amount,
  );
  await setAuthorisationPaid(trx, auth.id, auth.paid + payment.amount);
  await enqueueOutbox(trx, deps, 'pay-from-auth', payment.id);
  return payment;
}

// ---------------------------------------------------------------------------------------------
// Moved from the order routes (the bill lists and the pay routes' Idempotency-Key).

/** The unpaid bills of an order a pay screen lists: first (with deposit), due now, or all. */
export async function unpaidBillList(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
  kinds: 'first' | 'foot' | 'stage',
) {
  const order = await ownOrder(db, user, orderId);
  const today = dayOf(deps.now());
  const bills = (await billsOf(db, order.id)).filter((bill) => {
    if (bill.status !== 'unpaid') return false;
    if (kinds === 'first') return bill.kind === 'FIRST' || bill.kind === 'DEPOSIT';
    // A later rent falls due only once the rent has started (the day after receipt).
    if (kinds === 'stage')
      return (
        (order.start_date !== null || bill.kind !== 'INSTALMENT') &&
        bill.due_date.toISOString().slice(0, 10) <= today
      );
    return true;
  });
  const views = bills.map((bill) => billView(bill, order));
  return {
    orderId,
    orderNo: orderNumber(order),
    bills: views,
    total: views.reduce((sum, b) => sum + b.outstanding, 0),
  };
}

/**
 * Opens (or returns the open) payment. With an Idempotency-Key the first answer is replayed;
 * without one, duplicates still share the open payment of the same bills.
 */
export async function payBillsOnce(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: Parameters<typeof payBills>[3],
  key: string | undefined,
): Promise<PaymentInfo> {
  if (key === undefined) return payBills(db, deps, user, input);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('Idempotency-Key 格式不正确');
  const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  // A key is the user's on one brand.
  const payScope = `order/pay@${user.platform}`;
  const seen = await findIdempotentReply(db, user.id, payScope, key);
  if (seen) {
    if (seen.request_hash !== hash) throw conflict('Idempotency-Key 已用于另一个请求');
    return seen.response as PaymentInfo;
  }
  const info = await payBills(db, deps, user, input);
  await saveIdempotentReply(
    db,
    { userId: user.id, scope: payScope, key, requestHash: hash, response: info },
    { ignoreDuplicate: true },
  );
  return info;
}
