/**
 * Placing an order: the snapshot, coupon, stock and first bills in one transaction.
 */
import type { AppDeps } from '../boot/deps.ts';
import { refuseMinorRenter } from '../kyc/identity.ts';
import { verificationStatus } from '../kyc/status.ts';
import { badRequest, conflict, unauthorized } from '../plugins/errors.ts';
import { couponDiscountFor, leaseQuote } from '../../../contract/lease/index.ts';
import { dayOf, planBills } from './bills.ts';
import { assertPayScoreOffered } from './payscore.ts';
import type { DepositMethod, OrderSnapshot } from './schema.ts';
import type { Db, Owner, Trx } from './rules.ts';
import { ownOrder } from './queries.ts';
import { checksMissing, missingChecks } from './confirm-cancel.ts';
import { defaultAddressIdOf } from './order-records.ts';
import {
  insertBillsWithEventTakingStock,
  insertOrder,
  lockUnusedCoupon,
  markCouponUsed,
  placingReads,
  type NewOrder,
} from './order-rows.ts';
// ---------------------------------------------------------------------------------------------
// Placing

export interface PlaceInput {
  goodsId: number;
  skuId: number;
  planId: number;
  addressId: number;
  couponId?: number;
  serviceIds?: number[];
  depositMethod?: DepositMethod;
  /** The storefront's device id (risk review links orders placed from one device). */
  deviceId?: string;
  /** The launch query's channel code (already validated by the route's schema). */
  channelCode?: string;
}

type Reads = NonNullable<Awaited<ReturnType<typeof placingReads>>>;
type PlanRow = NonNullable<Reads['plan']>;
type Address = NonNullable<Reads['address']>;

/**
 * The account, plan, address and services placing needs, read in one statement under a share
 * lock on the user's row, and checked in this order: a cancelled (or missing) account cannot
 * place, nor a renter the identity on file shows under age (`refuseMinorRenter`); the plan must
 * be on sale, the address the user's own; asking for a service the goods does not offer is
 * refused.
 */
async function readForPlacing(trx: Trx, user: Owner, input: PlaceInput, now: Date) {
  // A share lock on the user's row: an account cancellation (which locks it for update) either
  // finished first, and the order is refused here, or waits for this order and then sees it.
  const reads = await placingReads(trx, user, input);
  if (!reads || reads.cancelled_at) throw unauthorized();
  refuseMinorRenter(reads.birth_date, now);
  const { plan, address } = reads;
  if (!plan || !plan.on_sale) throw badRequest('商品、规格或方案不存在');
  if (!address) throw badRequest('收货地址不存在');
  return { plan, address, chosen: chosenServices(reads.services, input) };
}

/** The services the goods offers that are required or asked for; asking for another is refused. */
function chosenServices(offered: Reads['services'], input: PlaceInput) {
  const wanted = [...new Set(input.serviceIds ?? [])];
  const chosen = offered.filter((service) => service.required || wanted.includes(service.id));
  if (wanted.some((id) => !offered.some((service) => service.id === id)))
    throw badRequest('增值服务不适用于该商品');
  return chosen;
}

function snapshotOf(
  plan: PlanRow,
  chosen: ReturnType<typeof chosenServices>,
  address: Address,
): OrderSnapshot {
  return {
    goods: {
      id: plan.goodsId,
      name: plan.name,
      cover: plan.cover,
      brandName: plan.brand_name,
      marketPrice: plan.market_price,
    },
    sku: {
      id: plan.skuId,
      color: plan.color,
      capacity: plan.capacity,
      condition: plan.condition,
      price: plan.skuPrice,
    },
    plan: {
      id: plan.planId,
      termUnit: plan.term_unit,
      term: plan.term,
      rentPerPeriod: plan.rent_per_period,
      firstPayment: plan.first_payment,
      deposit: plan.deposit,
      buyoutPrices: plan.buyout_prices,
    },
    services: chosen.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      priceUnit: s.price_unit,
    })),
    address,
  };
}

/**
 * Locks the user's unused coupon for this order; its discount is worked out here (at most the
 * first bill; below its threshold, or for goods it does not cover, it is refused).
 */
async function takeCoupon(
  trx: Trx,
  user: Owner,
  couponId: number,
  order: { firstBill: number; goodsId: number; rentPerPeriod: number },
  now: Date,
): Promise<{ userCouponId: number; couponAmount: number }> {
  const coupon = await lockUnusedCoupon(trx, user, couponId, now);
  if (!coupon || (coupon.platform !== null && coupon.platform !== user.platform))
    throw badRequest('优惠券不可用');
  if (coupon.goods_ids !== null && !coupon.goods_ids.includes(order.goodsId))
    throw badRequest('该优惠券不适用于此商品');
  if (order.firstBill < coupon.min_amount) throw badRequest('未达到优惠券使用门槛');
  // What it comes to is kept on the order (coupon_discount), so a later change to the coupon
  // never changes this order's bills; the checkout works it out with the same function.
  const couponAmount = couponDiscountFor(
    {
      amount: coupon.amount,
      minAmount: coupon.min_amount,
      kind: coupon.kind,
      percentOff: coupon.percent_off,
    },
    order.firstBill,
    order.rentPerPeriod,
  );
  // Locked by this order; a cancelled order gives it back.
  await markCouponUsed(trx, coupon.id, now);
  return { userCouponId: coupon.id, couponAmount };
}

interface OrderTerms {
  depositMethod: DepositMethod;
  userCouponId: number | null;
  couponAmount: number;
  channelCode?: string;
}

/** The order row, waiting for verification, with the snapshot and the agreed terms. */
function newOrderRow(
  user: Owner,
  plan: PlanRow,
  snapshot: OrderSnapshot,
  { depositMethod, userCouponId, couponAmount, channelCode }: OrderTerms,
  now: Date,
): NewOrder {
  return {
    user_id: user.id,
    platform: user.platform,
    channel_code: channelCode ?? null,
    status: 'PENDING_VERIFY',
    resume_status: null,
    sub_process: null,
    goods_id: plan.goodsId,
    sku_id: plan.skuId,
    plan_id: plan.planId,
    snapshot: JSON.stringify(snapshot),
    term_unit: plan.term_unit,
    term: plan.term,
    rent_per_period: plan.rent_per_period,
    deposit_method: depositMethod,
    deposit: depositMethod === 'waived' ? 0 : plan.deposit,
    user_coupon_id: userCouponId,
    coupon_discount: couponAmount,
    pay_deadline: null,
    waybill: null,
    return_waybill: null,
    shipped_at: null,
    delivered_at: null,
    received_at: null,
    start_date: null,
    end_date: null,
    holds_stock: true,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The order's bills as its lease quote plans them today and the 'place' event, written with the
 * unit of stock the order takes, in one statement. The order holds one unit until it is
 * cancelled; the row lock makes the last unit go once. Taken last: every order of a SKU waits
 * for this row lock until its transaction commits, so the order's own writes before are not done
 * while holding it (issue 22). No stock: all undone.
 */
async function insertBillsAndEventTakingStock(
  trx: Trx,
  orderId: number,
  userId: number,
  skuId: number,
  snapshot: OrderSnapshot,
  { depositMethod, couponAmount }: OrderTerms,
  now: Date,
): Promise<void> {
  const quote = leaseQuote({
    plan: snapshot.plan,
    services: snapshot.services,
    marketPrice: snapshot.sku.price,
    depositMethod,
    coupon: { amount: couponAmount, minAmount: 0 },
  });
  const taken = await insertBillsWithEventTakingStock(
    trx,
    planBills(quote, dayOf(now)).map((bill) => ({
      order_id: orderId,
      user_id: userId,
      kind: bill.kind,
      period: bill.period,
      due_date: bill.dueDate,
      original: bill.original,
      discount: bill.discount,
    })),
    {
      order_id: orderId,
      action: 'place',
      from_status: 'PENDING_VERIFY',
      to_status: 'PENDING_VERIFY',
      actor: 'user',
      note: '下单',
      created_at: now,
    },
    skuId,
  );
  if (!taken) throw conflict('该规格暂时缺货');
}

export async function placeOrder(
  trx: Trx,
  deps: AppDeps,
  user: { id: number; platform: number },
  input: PlaceInput,
): Promise<{ id: number }> {
  const now = deps.now();
  const { plan, address, chosen } = await readForPlacing(trx, user, input, now);

  const depositMethod = input.depositMethod ?? 'freeze';
  // Pay Score only where the brand offers it, and not to a user it refused there.
  if (depositMethod === 'payscore') await assertPayScoreOffered(trx, deps, user);
  const snapshot = snapshotOf(plan, chosen, address);
  const { firstBill } = leaseQuote({
    plan: snapshot.plan,
    services: snapshot.services,
    marketPrice: snapshot.sku.price,
    depositMethod,
  });

  const coupon =
    input.couponId !== undefined
      ? await takeCoupon(
          trx,
          user,
          input.couponId,
          { firstBill, goodsId: plan.goodsId, rentPerPeriod: snapshot.plan.rentPerPeriod },
          now,
        )
      : { userCouponId: null, couponAmount: 0 };
  const terms: OrderTerms = { depositMethod, ...coupon, channelCode: input.channelCode };

  const orderId = await insertOrder(trx, {
    ...newOrderRow(user, plan, snapshot, terms, now),
    device_id: input.deviceId ?? null,
  });
  await insertBillsAndEventTakingStock(trx, orderId, user.id, plan.skuId, snapshot, terms, now);
  return { id: orderId };
}

// ---------------------------------------------------------------------------------------------
// Moved from the order routes (place2, placeAll): the route handlers call services only.

/** Order again what an earlier order rented, to the given (or default) address. */
export async function reorderInput(
  db: Db,
  user: Owner,
  orderId: number,
  addressId: number | undefined,
): Promise<PlaceInput> {
  const earlier = await ownOrder(db, user, orderId);
  const address = addressId ?? (await defaultAddressIdOf(db, user));
  if (address === undefined) throw badRequest('请先添加收货地址');
  return {
    goodsId: earlier.goods_id,
    skuId: earlier.sku_id,
    planId: earlier.plan_id,
    addressId: address,
    serviceIds: earlier.snapshot.services.map((s) => s.id),
    depositMethod: earlier.deposit_method,
    // Ordered again from its order: the same channel brought it.
    ...(earlier.channel_code ? { channelCode: earlier.channel_code } : {}),
  };
}

/** 422 unless every check the deposit method needs is done (placing and submitting at once). */
export async function assertVerifiedFor(db: Db, user: Owner, depositMethod: DepositMethod) {
  const missing = missingChecks(depositMethod, await verificationStatus(db, user));
  if (missing.length > 0) throw checksMissing(missing, (checks) => `请先完成认证：${checks}`);
}
