/**
 * The console's discovery editors (issue 37, leftovers), per brand: the common problems (FAQ)
 * and the hot goods and 优享好物 lists. Each save replaces the brand's own list in one
 * transaction with its audit row (before and after); an empty list returns the brand to the
 * shared one. Bad input is refused with the field named, before anything is written.
 */
import type { Kysely, Transaction } from 'kysely';
import type {
  AdminCategories,
  AdminFaq,
  AdminGoodsList,
  GoodsListName,
  SaveCategoriesBody,
  SaveFaqBody,
  SaveGoodsListBody,
} from '../../../contract/admin/discovery.ts';
import { publishCatalogChange } from '../catalog/changes.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest } from '../plugins/errors.ts';
import { brandQuestions } from '../service-desk/help.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { authorise } from './guard.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One save of a brand's list: in one transaction, what `read` finds before `replace` and after
 * it, the audit row (`action` on the brand, each side as `audited` keeps it), and the list after.
 */
function replaceAudited<T>(
  deps: AppDeps,
  actor: StaffActor,
  platform: number,
  list: {
    action: string;
    targetType: string;
    read: (db: Db) => Promise<T>;
    audited: (value: T) => Record<string, unknown>;
  },
  replace: (trx: Transaction<Database>) => Promise<void>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await list.read(trx);
    await replace(trx);
    const after = await list.read(trx);
    await appendAudit(
      trx,
      actor,
      {
        platform,
        action: list.action,
        targetType: list.targetType,
        targetId: platform,
        before: list.audited(before),
        after: list.audited(after),
      },
      deps.now(),
    );
    return after;
  });
}

async function faqOf(db: Db, platform: number): Promise<AdminFaq> {
  const [types, items, own] = await Promise.all([
    db
      .selectFrom('service_question_type')
      .select(['id', 'name'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    brandQuestions(db as Kysely<Database>, platform)
      .select(['q.type_id', 'q.question', 'q.answer'])
      .orderBy('q.sort')
      .orderBy('q.id')
      .execute(),
    db
      .selectFrom('service_question')
      .select('id')
      .where('platform', '=', platform)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    own: own !== undefined,
    types,
    items: items.map((row) => ({
      typeId: row.type_id,
      question: row.question,
      answer: row.answer,
    })),
  };
}

export async function getFaq(db: Kysely<Database>, actor: StaffActor, platform: number) {
  authorise(actor, 'home.manage', platform);
  return faqOf(db, platform);
}

/** Replaces the brand's own questions with `body.items` in that order (none: the shared ones). */
export async function saveFaq(
  deps: AppDeps,
  actor: StaffActor,
  body: SaveFaqBody,
): Promise<AdminFaq> {
  authorise(actor, 'home.manage', body.platform);
  const items = body.items.map((item) => ({
    typeId: item.typeId,
    question: item.question.trim(),
    answer: item.answer.trim(),
  }));
  items.forEach((item, index) => {
    if (!item.question) throw badRequest(`items[${index}].question: 问题不能为空白`);
    if (!item.answer) throw badRequest(`items[${index}].answer: 回答不能为空白`);
  });
  const types = new Set(
    (await deps.db.selectFrom('service_question_type').select('id').execute()).map((t) => t.id),
  );
  items.forEach((item, index) => {
    if (!types.has(item.typeId)) throw badRequest(`items[${index}].typeId: 问题分类不存在`);
  });
  return replaceAudited(
    deps,
    actor,
    body.platform,
    {
      action: 'discovery.faq.save',
      targetType: 'faq',
      read: (db) => faqOf(db, body.platform),
      audited: ({ own, items }) => ({ own, items }),
    },
    async (trx) => {
      await trx.deleteFrom('service_question').where('platform', '=', body.platform).execute();
      if (items.length > 0)
        await trx
          .insertInto('service_question')
          .values(
            items.map((item, sort) => ({
              platform: body.platform,
              type_id: item.typeId,
              question: item.question,
              answer: item.answer,
              sort,
            })),
          )
          .execute();
    },
  );
}

/** The goods the brand sells (goods_brand: none named, or this one), as the storefront's soldBy. */
function soldByBrand(db: Db, platform: number) {
  return db
    .selectFrom('goods as g')
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('goods_brand as gb')
              .select('gb.goods_id')
              .whereRef('gb.goods_id', '=', 'g.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('goods_brand as gb')
            .select('gb.goods_id')
            .whereRef('gb.goods_id', '=', 'g.id')
            .where('gb.platform', '=', platform),
        ),
      ]),
    );
}

async function goodsListOf(db: Db, platform: number, list: GoodsListName): Promise<AdminGoodsList> {
  const own = await db
    .selectFrom('brand_goods_list')
    .select('goods_id')
    .where('platform', '=', platform)
    .where('list', '=', list)
    .orderBy('sort')
    .orderBy('goods_id')
    .execute();
  if (own.length > 0) return { list, own: true, goodsIds: own.map((row) => row.goods_id) };
  // The shared list as the brand's storefront shows it (catalog/repository.ts), at most 100.
  const shared = soldByBrand(db, platform).select('g.id').where('g.on_sale', '=', true).limit(100);
  const rows =
    list === 'hot'
      ? await shared
          .where('g.is_hot', '=', true)
          .orderBy('g.sales', 'desc')
          .orderBy('g.id')
          .execute()
      : await shared.where('g.is_enjoy', '=', true).orderBy('g.sort').orderBy('g.id').execute();
  return { list, own: false, goodsIds: rows.map((row) => row.id) };
}

export async function getGoodsList(
  db: Kysely<Database>,
  actor: StaffActor,
  platform: number,
  list: GoodsListName,
) {
  authorise(actor, 'home.manage', platform);
  return goodsListOf(db, platform, list);
}

/**
 * Replaces the brand's own `list` with `body.goodsIds` in that order (none: the shared list).
 * Every goods must exist and be sold by the brand.
 */
export async function saveGoodsList(
  deps: AppDeps,
  actor: StaffActor,
  list: GoodsListName,
  body: SaveGoodsListBody,
): Promise<AdminGoodsList> {
  authorise(actor, 'home.manage', body.platform);
  if (body.goodsIds.length > 0) {
    const sold = await soldByBrand(deps.db, body.platform)
      .select('g.id')
      .where('g.id', 'in', body.goodsIds)
      .execute();
    const found = new Set(sold.map((row) => row.id));
    const missing = body.goodsIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw badRequest(`goodsIds: 商品 ${missing.join('、')} 不存在或该品牌不销售`);
  }
  const after = await replaceAudited(
    deps,
    actor,
    body.platform,
    {
      action: `discovery.${list}.save`,
      targetType: 'goodslist',
      read: (db) => goodsListOf(db, body.platform, list),
      audited: ({ own, goodsIds }) => ({ own, goodsIds }),
    },
    async (trx) => {
      await trx
        .deleteFrom('brand_goods_list')
        .where('platform', '=', body.platform)
        .where('list', '=', list)
        .execute();
      if (body.goodsIds.length > 0)
        await trx
          .insertInto('brand_goods_list')
          .values(
            body.goodsIds.map((goods_id, sort) => ({
              platform: body.platform,
              list,
              goods_id,
              sort,
            })),
          )
          .execute();
    },
  );
  // The storefront's catalogue cache holds the lists: a change reaches every process at once.
  await publishCatalogChange(deps.db);
  return after;
}

async function categoriesOf(db: Db, platform: number): Promise<AdminCategories> {
  const [categories, own] = await Promise.all([
    db
      .selectFrom('category')
      .select(['id', 'name'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('brand_category')
      .select('category_id')
      .where('platform', '=', platform)
      .orderBy('sort')
      .orderBy('category_id')
      .execute(),
  ]);
  return own.length > 0
    ? { own: true, categoryIds: own.map((row) => row.category_id), categories }
    : { own: false, categoryIds: categories.map((row) => row.id), categories };
}

export async function getCategories(db: Kysely<Database>, actor: StaffActor, platform: number) {
  authorise(actor, 'home.manage', platform);
  return categoriesOf(db, platform);
}

/**
 * Replaces the brand's categories list (the classify page, the home shortcuts) with
 * `body.categoryIds` in that order (none: every enabled category). Each must be enabled.
 */
export async function saveCategories(
  deps: AppDeps,
  actor: StaffActor,
  body: SaveCategoriesBody,
): Promise<AdminCategories> {
  authorise(actor, 'home.manage', body.platform);
  if (body.categoryIds.length > 0) {
    const found = new Set(
      (
        await deps.db
          .selectFrom('category')
          .select('id')
          .where('id', 'in', body.categoryIds)
          .where('enabled', '=', true)
          .execute()
      ).map((row) => row.id),
    );
    const missing = body.categoryIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw badRequest(`categoryIds: 分类 ${missing.join('、')} 不存在或未启用`);
  }
  const after = await replaceAudited(
    deps,
    actor,
    body.platform,
    {
      action: 'discovery.categories.save',
      targetType: 'categories',
      read: (db) => categoriesOf(db, body.platform),
      audited: ({ own, categoryIds }) => ({ own, categoryIds }),
    },
    async (trx) => {
      await trx.deleteFrom('brand_category').where('platform', '=', body.platform).execute();
      if (body.categoryIds.length > 0)
        await trx
          .insertInto('brand_category')
          .values(
            body.categoryIds.map((category_id, sort) => ({
              platform: body.platform,
              category_id,
              sort,
            })),
          )
          .execute();
    },
  );
  await publishCatalogChange(deps.db);
  return after;
}
