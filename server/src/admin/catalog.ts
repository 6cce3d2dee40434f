/**
 * The console's catalogue: goods with their SKUs, plans, services, brands and brands' own rents.
 * Every write runs in one transaction with its audit row (before/after) and a NOTIFY that empties
 * every API process's catalogue cache at commit (catalog/changes.ts).
 *
 * Brands: a goods names the brands that sell it (none: every brand). An account of some brands
 * may change all of a goods only when every brand selling it is one of its own; of a goods its
 * brands share with others it may set only its own brands' rents (setBrandPrices).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  BrandPriceInput,
  GoodsInput,
  GoodsRow,
  GoodsView,
  ListGoodsQuery,
  SetBrandPricesBody,
} from '../../../contract/admin/catalog.ts';
import { announceCatalogChange, catalogChanged } from '../catalog/changes.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ApiError, badRequest, conflict, notFound } from '../plugins/errors.ts';
import { indexTerms, normalizeSearchText } from '../seed/search-terms.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import {
  brandPriceProblems,
  goodsProblems,
  minMonthlyRent,
  planKey,
  ruleBuyoutPrices,
  sanitizeDescription,
  type FieldProblem,
} from './catalog-rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

const forbidden = (msg: string) => new ApiError(403, msg, 403);

/** The first problems as one message, each `field：problem`. */
export function problemsError(problems: readonly FieldProblem[]): ApiError {
  const [first, ...others] = problems.slice(0, 5).map((p) => `${p.field}：${p.message}`);
  const more = problems.length > 5 ? `（另有 ${problems.length - 5} 处）` : '';
  // Read as the first field's problem (CONSOLE_FIELD_PROBLEM), the others after it.
  const [field, ...message] = (first ?? '').split('：');
  return badRequest(`${field}：${[message.join('：'), ...others].join('；')}${more}`);
}

/** The brands that sell a goods; [] is every brand. */
export async function brandsOfGoods(db: Db, goodsId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('goods_brand')
    .select('platform')
    .where('goods_id', '=', goodsId)
    .orderBy('platform')
    .execute();
  return rows.map((row) => row.platform);
}

/** Every brand that sells it is one of the account's own. */
function ownsAll(actor: StaffActor, brands: readonly number[]): boolean {
  if (actor.allBrands) return true;
  return brands.length > 0 && brands.every((brand) => actor.brands.includes(brand));
}

/** The account sells it under at least one of its brands (what the guard lets through). */
export function sellsAny(actor: StaffActor, brands: readonly number[]): boolean {
  return actor.allBrands || brands.length === 0 || brands.some((b) => actor.brands.includes(b));
}

const auditPlatform = (brands: readonly number[]) => (brands.length === 1 ? brands[0] : null);

// ---------------------------------------------------------------------------------------------
// Reads

export async function listGoods(db: Kysely<Database>, actor: StaffActor, query: ListGoodsQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('goods as g').innerJoin('category as c', 'c.id', 'g.category_id');
  if (query.keyword)
    base = base.where('g.name', 'ilike', `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`);
  if (query.categoryId) base = base.where('g.category_id', '=', query.categoryId);
  if (query.published !== undefined) base = base.where('g.on_sale', '=', query.published);
  const sold = (platforms: readonly number[]) =>
    sql<boolean>`(not exists (select 1 from goods_brand gb where gb.goods_id = g.id) or exists (select 1 from goods_brand gb where gb.goods_id = g.id and gb.platform in (${sql.join(platforms)})))`;
  if (query.platform) base = base.where(sold([query.platform]));
  if (!actor.allBrands) base = base.where(sold(actor.brands.length ? actor.brands : [0]));
  const [{ total }, rows, categories, services] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'g.id',
        'g.name',
        'g.brand_name',
        'g.category_id',
        'c.name as category_name',
        'g.cover',
        'g.min_rent',
        'g.on_sale',
        'g.updated_at',
        sql<
          number[]
        >`coalesce((select json_agg(gb.platform order by gb.platform) from goods_brand gb where gb.goods_id = g.id), '[]'::json)`.as(
          'brands',
        ),
        sql<number>`(select count(*)::int from goods_sku s where s.goods_id = g.id)`.as(
          'sku_count',
        ),
        sql<number>`(select coalesce(sum(s.stock), 0)::int from goods_sku s where s.goods_id = g.id)`.as(
          'stock',
        ),
      ])
      .orderBy('g.sort')
      .orderBy('g.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db.selectFrom('category').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('value_added_service')
      .select(['id', 'name', 'price'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  const list: GoodsRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    brandName: row.brand_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    cover: row.cover,
    minRent: row.min_rent,
    published: row.on_sale,
    brands: row.brands,
    skuCount: row.sku_count,
    stock: row.stock,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
  return { list, total: Number(total), pageNum, pageSize, categories, services };
}

/** A goods as the editor shows it; 404 when missing or not sold by any of the account's brands. */
export async function goodsView(db: Db, actor: StaffActor, goodsId: number): Promise<GoodsView> {
  const goods = await db
    .selectFrom('goods as g')
    .innerJoin('category as c', 'c.id', 'g.category_id')
    .selectAll('g')
    .select('c.name as category_name')
    .where('g.id', '=', goodsId)
    .executeTakeFirst();
  if (!goods) throw notFound('商品不存在');
  const brands = await brandsOfGoods(db, goodsId);
  if (!sellsAny(actor, brands)) throw notFound('商品不存在');
  const [skus, plans, services, prices, serialCounts] = await Promise.all([
    db
      .selectFrom('goods_sku')
      .selectAll()
      .where('goods_id', '=', goodsId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('goods_plan')
      .selectAll()
      .where('goods_id', '=', goodsId)
      .orderBy('sku_id')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('goods_value_added_service')
      .select('service_id')
      .where('goods_id', '=', goodsId)
      .orderBy('service_id')
      .execute(),
    db
      .selectFrom('goods_plan_price as pp')
      .innerJoin('goods_plan as p', 'p.id', 'pp.plan_id')
      .select(['pp.platform', 'pp.rent_per_period', 'p.sku_id', 'p.term_unit', 'p.term'])
      .where('p.goods_id', '=', goodsId)
      .orderBy('pp.platform')
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('stock_serial as ss')
      .innerJoin('goods_sku as s', 's.id', 'ss.sku_id')
      .select(['ss.sku_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('s.goods_id', '=', goodsId)
      .where('ss.status', '=', 'in_stock')
      .groupBy('ss.sku_id')
      .execute(),
  ]);
  const codeOf = new Map(skus.map((sku) => [sku.id, sku.code ?? `SKU-${sku.id}`]));
  const inStock = new Map(serialCounts.map((row) => [row.sku_id, Number(row.n)]));
  const visiblePrices = prices.filter(
    (price) => actor.allBrands || actor.brands.includes(price.platform),
  );
  return {
    id: goods.id,
    name: goods.name,
    subtitle: goods.subtitle,
    brandName: goods.brand_name,
    categoryId: goods.category_id,
    categoryName: goods.category_name,
    cover: goods.cover,
    images: goods.images,
    detailImages: goods.detail_images,
    description: goods.description,
    tags: goods.tags,
    marketPrice: goods.market_price,
    minRent: goods.min_rent,
    isHot: goods.is_hot,
    isEnjoy: goods.is_enjoy,
    published: goods.on_sale,
    skus: skus.map((sku) => ({
      id: sku.id,
      code: sku.code ?? `SKU-${sku.id}`,
      color: sku.color,
      capacity: sku.capacity,
      condition: sku.condition as GoodsView['skus'][number]['condition'],
      price: sku.price,
      image: sku.image,
      stock: sku.stock,
      serialManaged: sku.serial_managed,
      serialsInStock: inStock.get(sku.id) ?? 0,
    })),
    plans: plans.map((plan) => ({
      id: plan.id,
      skuCode: codeOf.get(plan.sku_id) ?? '',
      termUnit: plan.term_unit,
      term: plan.term,
      rentPerPeriod: plan.rent_per_period,
      deposit: plan.deposit,
      buyoutPrices: plan.buyout_prices,
    })),
    serviceIds: services.map((row) => row.service_id),
    brands,
    brandPrices: visiblePrices.map((price) => ({
      platform: price.platform,
      skuCode: codeOf.get(price.sku_id) ?? '',
      termUnit: price.term_unit,
      term: price.term,
      rentPerPeriod: price.rent_per_period,
    })),
    editable: ownsAll(actor, brands),
    updatedAt: new Date(goods.updated_at).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** What the database knows that the rules cannot: the category, services, SKU codes in use. */
async function databaseProblems(
  trx: Transaction<Database>,
  input: GoodsInput,
  goodsId: number | null,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const category = await trx
    .selectFrom('category')
    .select('id')
    .where('id', '=', input.categoryId)
    .executeTakeFirst();
  if (!category) problems.push({ field: 'categoryId', message: '分类不存在' });
  if (input.serviceIds.length > 0) {
    const known = await trx
      .selectFrom('value_added_service')
      .select('id')
      .where('id', 'in', input.serviceIds)
      .execute();
    const ids = new Set(known.map((row) => row.id));
    input.serviceIds.forEach((id, i) => {
      if (!ids.has(id))
        problems.push({ field: `serviceIds[${i}]`, message: `增值服务 ${id} 不存在` });
    });
  }
  const taken = await trx
    .selectFrom('goods_sku')
    .select(['code', 'goods_id'])
    .where(
      sql<string>`lower(code)`,
      'in',
      input.skus.map((sku) => sku.code.toLowerCase()),
    )
    .where('goods_id', '!=', goodsId ?? 0)
    .execute();
  for (const row of taken) {
    const i = input.skus.findIndex((sku) => sku.code.toLowerCase() === row.code?.toLowerCase());
    problems.push({
      field: `skus[${i}].code`,
      message: `SKU 编码 ${row.code} 已被商品 ${row.goods_id} 使用`,
    });
  }
  return problems;
}

/** The account may say these brands sell it: its own, and "every brand" only for all-brand accounts. */
function assertMayName(actor: StaffActor, brands: readonly number[]): void {
  if (actor.allBrands) return;
  if (brands.length === 0) throw forbidden('brands：请选择销售该商品的品牌（本账号的品牌）');
  const foreign = brands.filter((brand) => !actor.brands.includes(brand));
  if (foreign.length > 0) throw forbidden(`brands：无权为品牌 ${foreign.join('、')} 上架商品`);
}

/** Writes the goods' SKUs and plans: kept by code / plan key, added, or removed when unused. */
async function writeSkusAndPlans(trx: Transaction<Database>, goodsId: number, input: GoodsInput) {
  const existingSkus = await trx
    .selectFrom('goods_sku')
    .select(['id', 'code'])
    .where('goods_id', '=', goodsId)
    .execute();
  const skuIdByCode = new Map<string, number>();
  const wanted = new Set(input.skus.map((sku) => sku.code.toLowerCase()));
  const removedSkus = existingSkus.filter((sku) => !wanted.has((sku.code ?? '').toLowerCase()));
  for (const [sort, sku] of input.skus.entries()) {
    const values = {
      code: sku.code,
      color: sku.color,
      capacity: sku.capacity,
      condition: sku.condition,
      price: sku.price,
      image: sku.image || input.cover,
      sort,
    };
    const existing = existingSkus.find((row) => row.code?.toLowerCase() === sku.code.toLowerCase());
    if (existing) {
      await trx.updateTable('goods_sku').set(values).where('id', '=', existing.id).execute();
      skuIdByCode.set(sku.code.toLowerCase(), existing.id);
    } else {
      const row = await trx
        .insertInto('goods_sku')
        .values({ ...values, goods_id: goodsId, stock: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      skuIdByCode.set(sku.code.toLowerCase(), row.id);
    }
  }

  const existingPlans = await trx
    .selectFrom('goods_plan as p')
    .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
    .select(['p.id', 's.code', 'p.term_unit', 'p.term'])
    .where('p.goods_id', '=', goodsId)
    .execute();
  const keyOf = (code: string | null, unit: string, term: number) =>
    `${(code ?? '').toLowerCase()}/${unit}/${term}`;
  const wantedPlans = new Set(input.plans.map((p) => keyOf(p.skuCode, p.termUnit, p.term)));
  const removedPlans = existingPlans.filter(
    (p) => !wantedPlans.has(keyOf(p.code, p.term_unit, p.term)),
  );
  await assertUnused(
    trx,
    removedSkus.map((s) => s.id),
    removedPlans.map((p) => p.id),
  );
  if (removedPlans.length > 0)
    await trx
      .deleteFrom('goods_plan')
      .where(
        'id',
        'in',
        removedPlans.map((p) => p.id),
      )
      .execute();
  if (removedSkus.length > 0)
    await trx
      .deleteFrom('goods_sku')
      .where(
        'id',
        'in',
        removedSkus.map((s) => s.id),
      )
      .execute();

  const skuPrice = new Map(input.skus.map((sku) => [sku.code.toLowerCase(), sku.price]));
  const planIdByKey = new Map<string, number>();
  for (const [sort, plan] of input.plans.entries()) {
    const skuId = skuIdByCode.get(plan.skuCode.toLowerCase()) ?? 0;
    const values = {
      sku_id: skuId,
      term_unit: plan.termUnit,
      term: plan.term,
      rent_per_period: plan.rentPerPeriod,
      first_payment:
        plan.termUnit === 'month' ? plan.rentPerPeriod : plan.rentPerPeriod * plan.term,
      deposit: plan.deposit,
      buyout_prices: JSON.stringify(
        plan.buyoutPrices ?? ruleBuyoutPrices(plan, skuPrice.get(plan.skuCode.toLowerCase()) ?? 0),
      ),
      sort,
    };
    const key = keyOf(plan.skuCode, plan.termUnit, plan.term);
    const existing = existingPlans.find((p) => keyOf(p.code, p.term_unit, p.term) === key);
    if (existing) {
      await trx.updateTable('goods_plan').set(values).where('id', '=', existing.id).execute();
      planIdByKey.set(key, existing.id);
    } else {
      const row = await trx
        .insertInto('goods_plan')
        .values({ ...values, goods_id: goodsId })
        .returning('id')
        .executeTakeFirstOrThrow();
      planIdByKey.set(key, row.id);
    }
  }
  return planIdByKey;
}

/** SKUs and plans an order or a device names stay: the order keeps what it rented. */
async function assertUnused(trx: Transaction<Database>, skuIds: number[], planIds: number[]) {
  if (skuIds.length > 0) {
    const used = await trx
      .selectFrom('orders')
      .select('sku_id')
      .where('sku_id', 'in', skuIds)
      .executeTakeFirst();
    const device = await trx
      .selectFrom('stock_serial')
      .select('sku_id')
      .where('sku_id', 'in', skuIds)
      .executeTakeFirst();
    if (used || device) throw conflict('skus：已有订单或库存设备的 SKU 不能删除，可下架商品');
  }
  if (planIds.length > 0) {
    const used = await trx
      .selectFrom('orders')
      .select('plan_id')
      .where('plan_id', 'in', planIds)
      .executeTakeFirst();
    if (used) throw conflict('plans：已有订单的租赁方案不能删除（订单保留下单时的方案）');
  }
}

async function writeBrandPrices(
  trx: Transaction<Database>,
  goodsId: number,
  platforms: readonly number[] | 'all',
  prices: readonly BrandPriceInput[],
) {
  const planIds = trx.selectFrom('goods_plan').select('id').where('goods_id', '=', goodsId);
  let remove = trx.deleteFrom('goods_plan_price').where('plan_id', 'in', planIds);
  if (platforms !== 'all') remove = remove.where('platform', 'in', [...platforms]);
  await remove.execute();
  if (prices.length === 0) return;
  const plans = await trx
    .selectFrom('goods_plan as p')
    .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
    .select(['p.id', 's.code', 'p.term_unit', 'p.term'])
    .where('p.goods_id', '=', goodsId)
    .execute();
  const idByKey = new Map(
    plans.map((p) => [`${(p.code ?? '').toLowerCase()}/${p.term_unit}/${p.term}`, p.id]),
  );
  await trx
    .insertInto('goods_plan_price')
    .values(
      prices.map((price) => ({
        plan_id: idByKey.get(`${price.skuCode.toLowerCase()}/${price.termUnit}/${price.term}`) ?? 0,
        platform: price.platform,
        rent_per_period: price.rentPerPeriod,
      })),
    )
    .execute();
}

async function writeSearchTerms(trx: Transaction<Database>, goodsId: number, text: string) {
  await trx.deleteFrom('goods_search_term').where('goods_id', '=', goodsId).execute();
  const terms = indexTerms(text);
  if (terms.length > 0)
    await trx
      .insertInto('goods_search_term')
      .values(terms.map((term) => ({ term, goods_id: goodsId })))
      .execute();
}

async function writeGoods(
  trx: Transaction<Database>,
  deps: AppDeps,
  goodsId: number | null,
  input: GoodsInput,
): Promise<number> {
  const category = await trx
    .selectFrom('category')
    .select('name')
    .where('id', '=', input.categoryId)
    .executeTakeFirstOrThrow();
  const searchText = normalizeSearchText(`${input.name} ${input.brandName} ${category.name}`);
  const values = {
    category_id: input.categoryId,
    name: input.name,
    subtitle: input.subtitle ?? '',
    brand_name: input.brandName,
    cover: input.cover,
    images: JSON.stringify(input.images),
    detail_images: JSON.stringify(input.detailImages ?? []),
    description: await sanitizeDescription(input.description),
    tags: JSON.stringify(input.tags),
    min_rent: minMonthlyRent(input.plans),
    market_price: input.marketPrice,
    is_hot: input.isHot ?? false,
    is_enjoy: input.isEnjoy ?? false,
    search_text: searchText,
    updated_at: deps.now(),
  };
  let id = goodsId;
  if (id === null) {
    const row = await trx
      .insertInto('goods')
      .values({ ...values, on_sale: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await trx.updateTable('goods').set(values).where('id', '=', id).execute();
  }
  await writeSkusAndPlans(trx, id, input);
  await trx.deleteFrom('goods_value_added_service').where('goods_id', '=', id).execute();
  if (input.serviceIds.length > 0)
    await trx
      .insertInto('goods_value_added_service')
      .values(input.serviceIds.map((serviceId) => ({ goods_id: id, service_id: serviceId })))
      .execute();
  await trx.deleteFrom('goods_brand').where('goods_id', '=', id).execute();
  if (input.brands.length > 0)
    await trx
      .insertInto('goods_brand')
      .values(input.brands.map((platform) => ({ goods_id: id, platform })))
      .execute();
  await writeBrandPrices(trx, id, 'all', input.brandPrices ?? []);
  await writeSearchTerms(trx, id, searchText);
  return id;
}

/** Runs a catalogue change: rules, transaction, audit, NOTIFY; the caches empty at commit. */
export async function catalogWrite<T>(
  deps: AppDeps,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const value = await change(trx);
    await announceCatalogChange(trx);
    return value;
  });
  catalogChanged();
  return result;
}

export async function createGoods(deps: AppDeps, actor: StaffActor, input: GoodsInput) {
  const problems = goodsProblems(input);
  if (problems.length > 0) throw problemsError(problems);
  assertMayName(actor, input.brands);
  const id = await catalogWrite(deps, async (trx) => {
    const more = await databaseProblems(trx, input, null);
    if (more.length > 0) throw problemsError(more);
    const goodsId = await writeGoods(trx, deps, null, input);
    const after = await goodsView(trx, actor, goodsId);
    await appendAudit(
      trx,
      actor,
      {
        platform: auditPlatform(input.brands),
        action: 'goods.create',
        targetType: 'goods',
        targetId: goodsId,
        after: after as unknown as Record<string, unknown>,
      },
      deps.now(),
    );
    return goodsId;
  });
  return goodsView(deps.db, actor, id);
}

export async function updateGoods(
  deps: AppDeps,
  actor: StaffActor,
  goodsId: number,
  input: GoodsInput,
) {
  const problems = goodsProblems(input);
  if (problems.length > 0) throw problemsError(problems);
  await catalogWrite(deps, async (trx) => {
    const before = await goodsView(trx, actor, goodsId);
    if (!before.editable) throw forbidden('该商品还由其他品牌销售：本账号只能修改本品牌的租金');
    assertMayName(actor, input.brands);
    const more = await databaseProblems(trx, input, goodsId);
    if (more.length > 0) throw problemsError(more);
    await trx.selectFrom('goods').select('id').where('id', '=', goodsId).forUpdate().execute();
    await writeGoods(trx, deps, goodsId, input);
    const after = await goodsView(trx, actor, goodsId);
    await appendAudit(
      trx,
      actor,
      {
        platform: auditPlatform(input.brands),
        action: 'goods.update',
        targetType: 'goods',
        targetId: goodsId,
        before: before as unknown as Record<string, unknown>,
        after: after as unknown as Record<string, unknown>,
      },
      deps.now(),
    );
  });
  return goodsView(deps.db, actor, goodsId);
}

export async function setGoodsPublished(
  deps: AppDeps,
  actor: StaffActor,
  goodsId: number,
  published: boolean,
) {
  await catalogWrite(deps, async (trx) => {
    const before = await goodsView(trx, actor, goodsId);
    if (!before.editable) throw forbidden('该商品还由其他品牌销售：本账号不能上下架');
    if (published) {
      const plans = await trx
        .selectFrom('goods_plan')
        .select('id')
        .where('goods_id', '=', goodsId)
        .executeTakeFirst();
      if (!plans) throw badRequest('plans：没有租赁方案的商品不能上架');
    }
    await trx
      .updateTable('goods')
      .set({ on_sale: published, updated_at: deps.now() })
      .where('id', '=', goodsId)
      .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: auditPlatform(before.brands),
        action: published ? 'goods.publish' : 'goods.unpublish',
        targetType: 'goods',
        targetId: goodsId,
        before: { published: before.published },
        after: { published },
      },
      deps.now(),
    );
  });
  return goodsView(deps.db, actor, goodsId);
}

/** Replaces the named brands' own rents for the goods' plans. */
export async function setBrandPrices(
  deps: AppDeps,
  actor: StaffActor,
  goodsId: number,
  body: SetBrandPricesBody,
) {
  const foreign = body.platforms.filter((p) => !actor.allBrands && !actor.brands.includes(p));
  if (foreign.length > 0) throw forbidden(`platforms：无权设置品牌 ${foreign.join('、')} 的价格`);
  const outside = body.prices.filter((price) => !body.platforms.includes(price.platform));
  if (outside.length > 0)
    throw badRequest(`prices：品牌 ${outside[0]?.platform} 不在 platforms 中`);
  await catalogWrite(deps, async (trx) => {
    const before = await goodsView(trx, actor, goodsId);
    if (before.brands.length > 0) {
      const notSelling = body.platforms.filter((p) => !before.brands.includes(p));
      if (notSelling.length > 0)
        throw badRequest(`platforms：品牌 ${notSelling.join('、')} 不销售该商品`);
    }
    const keys = new Set(before.plans.map((plan) => planKey(plan)));
    const problems = brandPriceProblems(body.prices, keys, 'prices');
    if (problems.length > 0) throw problemsError(problems);
    await writeBrandPrices(trx, goodsId, body.platforms, body.prices);
    await trx
      .updateTable('goods')
      .set({ updated_at: deps.now() })
      .where('id', '=', goodsId)
      .execute();
    const mine = (prices: readonly BrandPriceInput[]) =>
      prices.filter((p) => body.platforms.includes(p.platform));
    await appendAudit(
      trx,
      actor,
      {
        platform: auditPlatform(body.platforms),
        action: 'goods.brand-prices',
        targetType: 'goods',
        targetId: goodsId,
        before: { platforms: body.platforms, prices: mine(before.brandPrices) },
        after: { platforms: body.platforms, prices: body.prices },
      },
      deps.now(),
    );
  });
  return goodsView(deps.db, actor, goodsId);
}
