/** Demo coupons: a few on every brand and one per brand, amounts in fen. Idempotent. */
import type { Kysely } from 'kysely';
import type { Database, NewCoupon } from '../db/schema.ts';

export const DEMO_COUPONS: NewCoupon[] = [
  {
    platform: null,
    title: '新人首租立减',
    description: '首期租金立减 20 元',
    amount: 2000,
    min_amount: 0,
    valid_days: 30,
    stock: null,
  },
  {
    platform: null,
    title: '满 300 减 30',
    description: '首期支付满 300 元可用',
    amount: 3000,
    min_amount: 30000,
    valid_days: 15,
    stock: 10000,
  },
  {
    platform: null,
    title: '数码焕新券',
    description: '手机、平板、笔记本首期满 500 减 50',
    amount: 5000,
    min_amount: 50000,
    valid_days: 7,
    stock: 500,
  },
  ...Array.from({ length: 9 }, (_, index) => ({
    platform: index + 1,
    title: `品牌专享 ${index + 1} 号券`,
    description: '本品牌专享，首期满 200 减 15',
    amount: 1500,
    min_amount: 20000,
    valid_days: 30,
    stock: 1000,
  })),
];

/** The coupons' titles and descriptions (the served languages translate them). */
export const COUPON_TEXTS: readonly string[] = DEMO_COUPONS.flatMap((coupon) => [
  coupon.title,
  coupon.description ?? '',
]).filter(Boolean);

export async function seedCoupons(db: Kysely<Database>): Promise<void> {
  const existing = await db
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (existing.n > 0) return;
  await db.insertInto('coupons').values(DEMO_COUPONS).execute();
}
