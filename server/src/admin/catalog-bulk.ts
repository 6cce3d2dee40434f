/**
 * Bulk import and export of the catalogue as CSV or XLSX: goods (their card fields and
 * publication), SKUs, prices (plans' rents and deposits, and brands' own rents) and stock
 * (serials). Money columns are in yuan (`12.50`). An import first checks every row against the
 * same rules as the editor (catalog-rules.ts) and the database; a dry run stops there and lists
 * each row's problems; `partial` writes the good rows; `all-or-nothing` writes every row or,
 * when any has a problem, none. Written rows are audited one by one, before and after.
 */
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../lib/spreadsheet.ts';
import Papa from 'papaparse';
import { sql, type Transaction } from 'kysely';
import {
  GOODS_CONDITIONS,
  type BulkFormat,
  type BulkKind,
  type ImportBody,
  type ImportResult,
} from '../../../contract/admin/catalog.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { brandsOfGoods, catalogWrite, sellsAny } from './catalog.ts';
import { moneyProblem, termProblem, type FieldProblem } from './catalog-rules.ts';
import { cellText, firstSheet } from './spreadsheet.ts';
import { recountSerialStock } from './stock.ts';

type Trx = Transaction<Database>;
type Row = Record<string, string>;

export const BULK_COLUMNS: Record<BulkKind, readonly string[]> = {
  goods: ['id', 'name', 'brand_name', 'category_id', 'market_price_yuan', 'published'],
  skus: ['goods_id', 'code', 'color', 'capacity', 'condition', 'price_yuan'],
  prices: ['sku_code', 'term_unit', 'term', 'platform', 'rent_yuan', 'deposit_yuan'],
  stock: ['sku_code', 'serial', 'status'],
};

const MAX_ROWS = 5000;

// ---------------------------------------------------------------------------------------------
// Files

/** A date cell as ISO text. */
const cellOf = (value: ExcelJS.CellValue) => cellText(value, (date) => date.toISOString());

export async function parseFile(format: BulkFormat, content: Buffer): Promise<Row[]> {
  if (format === 'csv') {
    const text = content.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Row>(text, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim(),
    });
    return parsed.data.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v ?? '').trim()])),
    );
  }
  const sheet = await firstSheet(content);
  if (!sheet) return [];
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col] = cellOf(cell.value).trim();
  });
  const rows: Row[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row: Row = {};
    let empty = true;
    header.forEach((name, col) => {
      if (!name) return;
      const text = cellOf(sheet.getRow(r).getCell(col).value).trim();
      if (text) empty = false;
      row[name] = text;
    });
    if (!empty) rows.push(row);
  }
  return rows;
}

export async function writeFile(format: BulkFormat, kind: BulkKind, rows: Row[]): Promise<Buffer> {
  const columns = [...BULK_COLUMNS[kind]];
  if (format === 'csv') {
    // A BOM so Excel opens the Chinese text as UTF-8.
    return Buffer.from(
      `\uFEFF${Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c] ?? '')) })}\r\n`,
      'utf8',
    );
  }
  const book = await newWorkbook();
  const sheet = book.addWorksheet(kind);
  sheet.addRow(columns);
  for (const row of rows) sheet.addRow(columns.map((c) => row[c] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// Values

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** `12.5` → 1250 fen; undefined when it is not a number of yuan with at most 2 decimals. */
function fenOf(text: string): number | undefined {
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  const negative = text.startsWith('-');
  const [whole, cents = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return negative ? -fen : fen;
}

const intOf = (text: string) => (/^-?\d{1,9}$/.test(text) ? Number(text) : undefined);

// ---------------------------------------------------------------------------------------------
// Export

export async function exportRows(deps: AppDeps, actor: StaffActor, kind: BulkKind): Promise<Row[]> {
  const { db } = deps;
  const visible = actor.allBrands
    ? sql<boolean>`true`
    : sql<boolean>`(not exists (select 1 from goods_brand gb where gb.goods_id = g.id) or exists (select 1 from goods_brand gb where gb.goods_id = g.id and gb.platform in (${sql.join(actor.brands.length ? actor.brands : [0])})))`;
  if (kind === 'goods') {
    const rows = await db
      .selectFrom('goods as g')
      .select(['g.id', 'g.name', 'g.brand_name', 'g.category_id', 'g.market_price', 'g.on_sale'])
      .where(visible)
      .orderBy('g.id')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      brand_name: r.brand_name,
      category_id: String(r.category_id),
      market_price_yuan: yuan(r.market_price),
      published: r.on_sale ? 'yes' : 'no',
    }));
  }
  if (kind === 'skus') {
    const rows = await db
      .selectFrom('goods_sku as s')
      .innerJoin('goods as g', 'g.id', 's.goods_id')
      .select(['s.goods_id', 's.code', 's.color', 's.capacity', 's.condition', 's.price'])
      .where(visible)
      .orderBy('s.goods_id')
      .orderBy('s.sort')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({
      goods_id: String(r.goods_id),
      code: r.code ?? '',
      color: r.color,
      capacity: r.capacity,
      condition: r.condition,
      price_yuan: yuan(r.price),
    }));
  }
  if (kind === 'prices') {
    const plans = await db
      .selectFrom('goods_plan as p')
      .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
      .innerJoin('goods as g', 'g.id', 'p.goods_id')
      .select(['p.id', 's.code', 'p.term_unit', 'p.term', 'p.rent_per_period', 'p.deposit'])
      .where(visible)
      .orderBy('p.goods_id')
      .orderBy('p.sku_id')
      .orderBy('p.sort')
      .execute();
    let own = db.selectFrom('goods_plan_price').select(['plan_id', 'platform', 'rent_per_period']);
    if (!actor.allBrands)
      own = own.where('platform', 'in', actor.brands.length ? actor.brands : [0]);
    const brandRows = await own.orderBy('platform').execute();
    const out: Row[] = [];
    for (const p of plans) {
      const base = { sku_code: p.code ?? '', term_unit: p.term_unit, term: String(p.term) };
      out.push({
        ...base,
        platform: '',
        rent_yuan: yuan(p.rent_per_period),
        deposit_yuan: yuan(p.deposit),
      });
      for (const b of brandRows.filter((b) => b.plan_id === p.id))
        out.push({
          ...base,
          platform: String(b.platform),
          rent_yuan: yuan(b.rent_per_period),
          deposit_yuan: '',
        });
    }
    return out;
  }
  const rows = await db
    .selectFrom('stock_serial as ss')
    .innerJoin('goods_sku as s', 's.id', 'ss.sku_id')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.code', 'ss.serial', 'ss.status'])
    .where(visible)
    .orderBy('s.id')
    .orderBy('ss.id')
    .execute();
  return rows.map((r) => ({ sku_code: r.code ?? '', serial: r.serial, status: r.status }));
}

// ---------------------------------------------------------------------------------------------
// Import

interface CheckedRow {
  /** The file's row number (the header is 1). */
  line: number;
  problems: FieldProblem[];
  write?: (
    trx: Trx,
    actor: StaffActor,
    now: Date,
  ) => Promise<{
    goodsId: number;
    platform: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  }>;
}

interface Context {
  deps: AppDeps;
  actor: StaffActor;
  /** Keys seen earlier in the file (a repeated SKU code, serial or plan). */
  seen: Set<string>;
}

/** The goods by id, and whether the account may change all of it (`editable`) or sell it. */
async function goodsAccess(ctx: Context, goodsId: number) {
  const goods = await ctx.deps.db
    .selectFrom('goods')
    .select(['id'])
    .where('id', '=', goodsId)
    .executeTakeFirst();
  if (!goods) return undefined;
  const brands = await brandsOfGoods(ctx.deps.db, goodsId);
  const editable =
    ctx.actor.allBrands || (brands.length > 0 && brands.every((b) => ctx.actor.brands.includes(b)));
  return { brands, editable, sells: sellsAny(ctx.actor, brands) };
}

const platformOf = (brands: readonly number[]) =>
  brands.length === 1 ? (brands[0] ?? null) : null;

async function checkGoodsRow(ctx: Context, row: Row, line: number): Promise<CheckedRow> {
  const problems: FieldProblem[] = [];
  const id = intOf(row.id ?? '');
  const categoryId = intOf(row.category_id ?? '');
  const market = fenOf(row.market_price_yuan ?? '');
  const published = (row.published ?? '').toLowerCase();
  const access = id === undefined ? undefined : await goodsAccess(ctx, id);
  if (id === undefined)
    problems.push({ field: 'id', message: '导入只能修改已有商品（新商品请在商品编辑页创建）' });
  else if (!access || !access.sells) problems.push({ field: 'id', message: `商品 ${id} 不存在` });
  else if (!access.editable)
    problems.push({ field: 'id', message: '该商品还由其他品牌销售，本账号不能修改' });
  if (!row.name || row.name.length > 60)
    problems.push({ field: 'name', message: '商品名称须为 1-60 个字' });
  if (!row.brand_name || row.brand_name.length > 30)
    problems.push({ field: 'brand_name', message: '品牌名须为 1-30 个字' });
  if (categoryId === undefined) problems.push({ field: 'category_id', message: '分类须为数字' });
  else if (
    !(await ctx.deps.db
      .selectFrom('category')
      .select('id')
      .where('id', '=', categoryId)
      .executeTakeFirst())
  )
    problems.push({ field: 'category_id', message: `分类 ${categoryId} 不存在` });
  if (market === undefined)
    problems.push({ field: 'market_price_yuan', message: '市场价须为金额（元）' });
  else {
    const money = moneyProblem(market, '市场价');
    if (money) problems.push({ field: 'market_price_yuan', message: money });
  }
  if (!['yes', 'no'].includes(published))
    problems.push({ field: 'published', message: '上架须为 yes 或 no' });
  if (id !== undefined && ctx.seen.has(`goods:${id}`))
    problems.push({ field: 'id', message: `商品 ${id} 在文件中重复` });
  if (id !== undefined) ctx.seen.add(`goods:${id}`);
  if (problems.length > 0 || id === undefined || !access) return { line, problems };
  return {
    line,
    problems,
    write: async (trx, _actor, now) => {
      const before = await trx
        .selectFrom('goods')
        .select(['name', 'brand_name', 'category_id', 'market_price', 'on_sale'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const after = {
        name: row.name ?? '',
        brand_name: row.brand_name ?? '',
        category_id: categoryId ?? 0,
        market_price: market ?? 0,
        on_sale: published === 'yes',
      };
      await trx
        .updateTable('goods')
        .set({ ...after, updated_at: now })
        .where('id', '=', id)
        .execute();
      return { goodsId: id, platform: platformOf(access.brands), before, after };
    },
  };
}

async function checkSkuRow(ctx: Context, row: Row, line: number): Promise<CheckedRow> {
  const problems: FieldProblem[] = [];
  const goodsId = intOf(row.goods_id ?? '');
  const code = row.code ?? '';
  const price = fenOf(row.price_yuan ?? '');
  const access = goodsId === undefined ? undefined : await goodsAccess(ctx, goodsId);
  if (goodsId === undefined || !access || !access.sells)
    problems.push({ field: 'goods_id', message: `商品 ${row.goods_id ?? ''} 不存在` });
  else if (!access.editable)
    problems.push({ field: 'goods_id', message: '该商品还由其他品牌销售，本账号不能修改其 SKU' });
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(code))
    problems.push({ field: 'code', message: 'SKU 编码须为 1-40 位字母、数字、_ 或 -' });
  else {
    if (ctx.seen.has(`sku:${code.toLowerCase()}`))
      problems.push({ field: 'code', message: `SKU 编码 ${code} 在文件中重复` });
    ctx.seen.add(`sku:${code.toLowerCase()}`);
    const other = await ctx.deps.db
      .selectFrom('goods_sku')
      .select('goods_id')
      .where(sql<string>`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
    if (other && other.goods_id !== goodsId)
      problems.push({ field: 'code', message: `SKU 编码 ${code} 已被商品 ${other.goods_id} 使用` });
  }
  if (!row.color || row.color.length > 30)
    problems.push({ field: 'color', message: '颜色须为 1-30 个字' });
  if ((row.capacity ?? '').length > 30)
    problems.push({ field: 'capacity', message: '容量不能超过 30 个字' });
  if (!(GOODS_CONDITIONS as readonly string[]).includes(row.condition ?? ''))
    problems.push({ field: 'condition', message: `成色须为 ${GOODS_CONDITIONS.join('、')} 之一` });
  if (price === undefined) problems.push({ field: 'price_yuan', message: '价格须为金额（元）' });
  else {
    const money = moneyProblem(price, 'SKU 价格');
    if (money) problems.push({ field: 'price_yuan', message: money });
  }
  if (problems.length > 0 || goodsId === undefined || !access) return { line, problems };
  return {
    line,
    problems,
    write: async (trx, _actor) => {
      const values = {
        code,
        color: row.color ?? '',
        capacity: row.capacity ?? '',
        condition: row.condition ?? '',
        price: price ?? 0,
      };
      const existing = await trx
        .selectFrom('goods_sku')
        .select(['id', 'color', 'capacity', 'condition', 'price'])
        .where('goods_id', '=', goodsId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
      if (existing)
        await trx.updateTable('goods_sku').set(values).where('id', '=', existing.id).execute();
      else {
        const cover = await trx
          .selectFrom('goods')
          .select('cover')
          .where('id', '=', goodsId)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('goods_sku')
          .values({ ...values, goods_id: goodsId, image: cover.cover, stock: 0 })
          .execute();
      }
      return {
        goodsId,
        platform: platformOf(access.brands),
        before: existing ?? null,
        after: values,
      };
    },
  };
}

async function checkPriceRow(ctx: Context, row: Row, line: number): Promise<CheckedRow> {
  const problems: FieldProblem[] = [];
  const code = row.sku_code ?? '';
  const unit = row.term_unit ?? '';
  const term = intOf(row.term ?? '');
  const platform = row.platform ? intOf(row.platform) : null;
  const rent = fenOf(row.rent_yuan ?? '');
  const deposit = row.deposit_yuan ? fenOf(row.deposit_yuan) : null;
  const sku = await ctx.deps.db
    .selectFrom('goods_sku')
    .select(['id', 'goods_id', 'price'])
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  const access = sku ? await goodsAccess(ctx, sku.goods_id) : undefined;
  if (!sku || !access?.sells) problems.push({ field: 'sku_code', message: `SKU ${code} 不存在` });
  if (unit !== 'month' && unit !== 'day')
    problems.push({ field: 'term_unit', message: '租期单位须为 month 或 day' });
  if (term === undefined) problems.push({ field: 'term', message: '缺少租期' });
  else if (unit === 'month' || unit === 'day') {
    const bad = termProblem(unit, term);
    if (bad) problems.push({ field: 'term', message: bad });
  }
  if (rent === undefined) problems.push({ field: 'rent_yuan', message: '租金须为金额（元）' });
  else {
    const money = moneyProblem(rent, '租金', true);
    if (money) problems.push({ field: 'rent_yuan', message: money });
  }
  const key = `plan:${code.toLowerCase()}/${unit}/${term ?? ''}`;
  if (platform === undefined || (platform !== null && (platform < 1 || platform > 9)))
    problems.push({ field: 'platform', message: '品牌须为 1-9，留空为基础价' });
  else if (platform === null) {
    if (access && !access.editable)
      problems.push({
        field: 'platform',
        message: '该商品还由其他品牌销售：本账号只能导入本品牌（platform 列）的租金',
      });
    if (deposit === undefined || deposit === null)
      problems.push({ field: 'deposit_yuan', message: '基础价须写押金（元）' });
    else {
      const money = moneyProblem(deposit, '押金');
      if (money) problems.push({ field: 'deposit_yuan', message: money });
    }
  } else {
    if (!ctx.actor.allBrands && !ctx.actor.brands.includes(platform))
      problems.push({ field: 'platform', message: `无权设置品牌 ${platform} 的租金` });
    else if (access && access.brands.length > 0 && !access.brands.includes(platform))
      problems.push({ field: 'platform', message: `品牌 ${platform} 不销售该商品` });
    if (sku && term !== undefined && !ctx.seen.has(key)) {
      const plan = await ctx.deps.db
        .selectFrom('goods_plan')
        .select('id')
        .where('sku_id', '=', sku.id)
        .where('term_unit', '=', unit as 'month')
        .where('term', '=', term)
        .executeTakeFirst();
      if (!plan)
        problems.push({
          field: 'term',
          message: '没有该租期的基础方案（先写一行 platform 留空的基础价）',
        });
    }
  }
  const rowKey = `${key}:${platform ?? ''}`;
  if (ctx.seen.has(rowKey))
    problems.push({ field: 'sku_code', message: '同一方案、同一品牌的价格在文件中重复' });
  ctx.seen.add(rowKey);
  if (platform === null) ctx.seen.add(key);
  if (
    problems.length > 0 ||
    !sku ||
    !access ||
    term === undefined ||
    rent === undefined ||
    platform === undefined
  )
    return { line, problems };
  const termUnit = unit as 'month' | 'day';
  return {
    line,
    problems,
    write: async (trx) => {
      const plan = await trx
        .selectFrom('goods_plan')
        .select(['id', 'rent_per_period', 'deposit'])
        .where('sku_id', '=', sku.id)
        .where('term_unit', '=', termUnit)
        .where('term', '=', term)
        .executeTakeFirst();
      if (platform === null) {
        const values = {
          rent_per_period: rent,
          first_payment: termUnit === 'month' ? rent : rent * term,
          deposit: deposit ?? 0,
        };
        if (plan)
          await trx.updateTable('goods_plan').set(values).where('id', '=', plan.id).execute();
        else
          await trx
            .insertInto('goods_plan')
            .values({
              ...values,
              goods_id: sku.goods_id,
              sku_id: sku.id,
              term_unit: termUnit,
              term,
              buyout_prices: JSON.stringify(
                Array.from({ length: term + 1 }, (_, k) => Math.max(0, sku.price - rent * k)),
              ),
            })
            .execute();
        await refreshMinRent(trx, sku.goods_id);
        return {
          goodsId: sku.goods_id,
          platform: platformOf(access.brands),
          before: plan ? { rent_per_period: plan.rent_per_period, deposit: plan.deposit } : null,
          after: { sku_code: code, term_unit: termUnit, term, ...values },
        };
      }
      const planId = plan?.id ?? 0;
      const old = await trx
        .selectFrom('goods_plan_price')
        .select('rent_per_period')
        .where('plan_id', '=', planId)
        .where('platform', '=', platform)
        .executeTakeFirst();
      await trx
        .insertInto('goods_plan_price')
        .values({ plan_id: planId, platform, rent_per_period: rent })
        .onConflict((oc) =>
          oc.columns(['plan_id', 'platform']).doUpdateSet({ rent_per_period: rent }),
        )
        .execute();
      return {
        goodsId: sku.goods_id,
        platform,
        before: old ? { rent_per_period: old.rent_per_period } : null,
        after: { sku_code: code, term_unit: termUnit, term, platform, rent_per_period: rent },
      };
    },
  };
}

async function refreshMinRent(trx: Trx, goodsId: number) {
  await sql`update goods set min_rent = coalesce((select min(case when term_unit = 'month' then rent_per_period else rent_per_period * 30 end) from goods_plan where goods_id = ${goodsId}), min_rent) where id = ${goodsId}`.execute(
    trx,
  );
}

async function checkStockRow(ctx: Context, row: Row, line: number): Promise<CheckedRow> {
  const problems: FieldProblem[] = [];
  const code = row.sku_code ?? '';
  const serial = (row.serial ?? '').toUpperCase();
  const status = row.status || 'in_stock';
  const sku = await ctx.deps.db
    .selectFrom('goods_sku')
    .select(['id', 'goods_id'])
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  const access = sku ? await goodsAccess(ctx, sku.goods_id) : undefined;
  if (!sku || !access?.sells) problems.push({ field: 'sku_code', message: `SKU ${code} 不存在` });
  if (!/^[A-Za-z0-9-]{6,40}$/.test(serial))
    problems.push({ field: 'serial', message: '序列号须为 6-40 位字母、数字或 -' });
  else {
    if (ctx.seen.has(`serial:${serial}`))
      problems.push({ field: 'serial', message: `序列号 ${serial} 在文件中重复` });
    ctx.seen.add(`serial:${serial}`);
    const known = await ctx.deps.db
      .selectFrom('stock_serial')
      .select('sku_id')
      .where('serial', '=', serial)
      .executeTakeFirst();
    if (known) problems.push({ field: 'serial', message: `序列号 ${serial} 已在库存记录中` });
  }
  if (!['in_stock', 'repair'].includes(status))
    problems.push({ field: 'status', message: '状态须为 in_stock 或 repair（留空为 in_stock）' });
  if (problems.length > 0 || !sku || !access) return { line, problems };
  return {
    line,
    problems,
    write: async (trx, _actor, now) => {
      await trx
        .insertInto('stock_serial')
        .values({
          sku_id: sku.id,
          serial,
          status: status as 'in_stock',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const stock = await recountSerialStock(trx, sku.id);
      return {
        goodsId: sku.goods_id,
        platform: platformOf(access.brands),
        before: null,
        after: { sku_code: code, serial, status, stock },
      };
    },
  };
}

const CHECKS: Record<BulkKind, (ctx: Context, row: Row, line: number) => Promise<CheckedRow>> = {
  goods: checkGoodsRow,
  skus: checkSkuRow,
  prices: checkPriceRow,
  stock: checkStockRow,
};

export async function importCatalog(
  deps: AppDeps,
  actor: StaffActor,
  body: ImportBody,
): Promise<ImportResult> {
  const rows = await parseFile(body.format, Buffer.from(body.content, 'base64'));
  if (rows.length === 0) throw badRequest('content：文件中没有数据行（第 1 行为表头）');
  if (rows.length > MAX_ROWS) throw badRequest(`content：一次最多导入 ${MAX_ROWS} 行`);
  const columns = BULK_COLUMNS[body.kind];
  const missing = columns.filter(
    (c) => !(c in (rows[0] ?? {})) && !(body.kind === 'stock' && c === 'status'),
  );
  if (missing.length > 0)
    throw badRequest(`content：缺少列 ${missing.join('、')}（应为 ${columns.join(', ')}）`);
  const ctx: Context = { deps, actor, seen: new Set() };
  const checked: CheckedRow[] = [];
  for (const [i, row] of rows.entries()) checked.push(await CHECKS[body.kind](ctx, row, i + 2));
  const problems = checked.flatMap((c) => c.problems.map((p) => ({ row: c.line, ...p })));
  const good = checked.filter((c) => c.problems.length === 0 && c.write);
  if (
    body.mode === 'dry-run' ||
    good.length === 0 ||
    (body.mode === 'all-or-nothing' && problems.length > 0)
  )
    return { rows: rows.length, problems, written: 0 };
  await catalogWrite(deps, async (trx) => {
    const now = deps.now();
    for (const row of good) {
      const done = await row.write?.(trx, actor, now);
      if (!done) continue;
      await trx
        .updateTable('goods')
        .set({ updated_at: now })
        .where('id', '=', done.goodsId)
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          platform: done.platform,
          action: `catalog.import.${body.kind}`,
          targetType: 'goods',
          targetId: done.goodsId,
          reason: `${body.mode} row ${row.line}`,
          before: done.before,
          after: done.after,
        },
        now,
      );
    }
  });
  return { rows: rows.length, problems, written: good.length };
}
