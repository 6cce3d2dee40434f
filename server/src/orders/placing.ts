/**
 * Placing an order: the snapshot, coupon, stock and first bills in one transaction.
 */
import type { AppDeps } from '../deps.ts';
import { assertAdultRenter } from '../kyc/identity.ts';
import { verificationStatus } from '../kyc/status.ts';
import { ApiError, badRequest, conflict, unauthorized } from '../plugins/errors.ts';
import { dayOf, planBills } from './bills.ts';
import type { DepositMethod, OrderSnapshot } from './schema.ts';
import type { Db, Owner, Trx } from './common.ts';
import { ownOrder } from './queries.ts';
import { requiredChecks } from './confirm-cancel.ts';
import { defaultAddressIdOf } from './repository.ts';
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
}

export async function placeOrder(
  trx: Trx,
  deps: AppDeps,
  user: { id: number; platform: number },
  input: PlaceInput,
): Promise<{ id: number }> {
  const now = deps.now();
  // A share lock on the user's row: an account cancellation (which locks it for update) either
  // finished first, and the order is refused here, or waits for this order and then sees it.
  const account = await trx
    .selectFrom('users')
    .select('cancelled_at')
    .where('id', '=', user.id)
    .forShare()
    .executeTakeFirst();
  if (!account || account.cancelled_at) throw unauthorized();
  await assertAdultRenter(trx, user.id, now);
  const plan = await trx
    .selectFrom('goods_plan as p')
    .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
    .innerJoin('goods as g', 'g.id', 'p.goods_id')
    .select([
      'p.id as planId',
      'p.term_unit',
      'p.term',
      'p.rent_per_period',
      'p.first_payment',
      'p.deposit',
      'p.buyout_prices',
      's.id as skuId',
      's.color',
      's.capacity',
      's.condition',
      's.price as skuPrice',
      's.stock',
      'g.id as goodsId',
      'g.name',
      'g.cover',
      'g.brand_name',
      'g.market_price',
      'g.on_sale',
    ])
    .where('p.id', '=', input.planId)
    .where('p.sku_id', '=', input.skuId)
    .where('p.goods_id', '=', input.goodsId)
    .executeTakeFirst();
  if (!plan || !plan.on_sale) throw badRequest('商品、规格或方案不存在');
  const address = await trx
    .selectFrom('addresses')
    .select(['name', 'mobile', 'province', 'city', 'district', 'detail'])
    .where('id', '=', input.addressId)
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .executeTakeFirst();
  if (!address) throw badRequest('收货地址不存在');
  const wanted = [...new Set(input.serviceIds ?? [])];
  const offered = await trx
    .selectFrom('value_added_service as v')
    .innerJoin('goods_value_added_service as gv', 'gv.service_id', 'v.id')
    .select(['v.id', 'v.name', 'v.price', 'v.price_unit', 'v.required'])
    .where('gv.goods_id', '=', input.goodsId)
    .execute();
  const chosen = offered.filter((service) => service.required || wanted.includes(service.id));
  if (wanted.some((id) => !offered.some((service) => service.id === id)))
    throw badRequest('增值服务不适用于该商品');

  const depositMethod = input.depositMethod ?? 'freeze';
  const snapshot: OrderSnapshot = {
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
  const today = dayOf(now);
  const firstOriginal = planBills(snapshot, { today, couponAmount: 0, paidDeposit: false })[0]!
    .original;

  let userCouponId: number | null = null;
  let couponAmount = 0;
  if (input.couponId !== undefined) {
    const coupon = await trx
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['uc.id', 'c.amount', 'c.min_amount', 'c.platform'])
      .where('uc.user_id', '=', user.id)
      .where('uc.platform', '=', user.platform)
      .where('uc.coupon_id', '=', input.couponId)
      .where('uc.status', '=', 'unused')
      .where('uc.expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
    if (!coupon || (coupon.platform !== null && coupon.platform !== user.platform))
      throw badRequest('优惠券不可用');
    if (firstOriginal < coupon.min_amount) throw badRequest('未达到优惠券使用门槛');
    userCouponId = coupon.id;
    couponAmount = Math.min(coupon.amount, firstOriginal);
    // Locked by this order; a cancelled order gives it back.
    await trx
      .updateTable('user_coupons')
      .set({ status: 'used', used_at: now })
      .where('id', '=', coupon.id)
      .execute();
  }

  const order = await trx
    .insertInto('orders')
    .values({
      user_id: user.id,
      platform: user.platform,
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bills = planBills(snapshot, {
    today,
    couponAmount,
    paidDeposit: depositMethod === 'paid',
  });
  await trx
    .insertInto('bills')
    .values(
      bills.map((bill) => ({
        order_id: order.id,
        user_id: user.id,
        kind: bill.kind,
        period: bill.period,
        due_date: bill.dueDate,
        original: bill.original,
        discount: bill.discount,
        channel: null,
        out_trade_no: null,
        paid_at: null,
      })),
    )
    .execute();
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      action: 'place',
      from_status: 'PENDING_VERIFY',
      to_status: 'PENDING_VERIFY',
      actor: 'user',
      note: '下单',
      created_at: now,
    })
    .execute();
  // The order holds one unit until it is cancelled; the row lock makes the last unit go once.
  // Taken last: every order of a SKU waits for this row lock until its transaction commits, so
  // the order's own writes above are not done while holding it (issue 22). No stock: all undone.
  const taken = await trx
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', plan.skuId)
    .where('stock', '>', 0)
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw conflict('该规格暂时缺货');
  return { id: order.id };
}

// ---------------------------------------------------------------------------------------------
// Moved from routes/order.ts (place2, placeAll): the route handlers call services only.

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
  };
}

/** 422 unless every check the deposit method needs is done (placing and submitting at once). */
export async function assertVerifiedFor(db: Db, user: Owner, depositMethod: DepositMethod) {
  const status = await verificationStatus(db, user.id);
  const required = requiredChecks(depositMethod);
  const missing = (Object.keys(required) as (keyof typeof required)[]).filter(
    (check) => required[check] && !status[check],
  );
  if (missing.length > 0) throw new ApiError(422, `请先完成认证：${missing.join(', ')}`, 422);
}
