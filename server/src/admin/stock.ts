/**
 * Stock by device: serial numbers / IMEIs of a SKU. A SKU with serials is serial-managed: its
 * orderable stock (`goods_sku.stock`, which placing an order takes one of) is recounted from
 * them: serials in stock less the SKU's orders waiting to ship. Shipping one of its orders must
 * name a serial of that SKU in stock, which goes out with the order; an inspected return puts it
 * back in stock, or to repair when the inspection found damage or a failed check.
 */
import { sql, type Transaction } from 'kysely';
import type { StockSerialStatus } from '../db/schema-catalog.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, conflict, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { brandsOfGoods, catalogWrite, sellsAny } from './catalog.ts';

const SERIAL = /^[A-Za-z0-9-]{6,40}$/;
/** Orders that hold a unit of their SKU but have no device yet. */
const WAITING_TO_SHIP = [
  'PENDING_VERIFY',
  'PENDING_SIGN',
  'PENDING_FREEZE',
  'PENDING_PAY',
  'PENDING_REVIEW',
  'PENDING_SHIP',
  'CANCEL_REVIEW',
];

type Trx = Transaction<Database>;

/** The SKU's goods and brands; 404 when missing or not sold by any of the account's brands. */
export async function skuOf(db: AppDeps['db'] | Trx, actor: StaffActor, skuId: number) {
  const sku = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select([
      's.id',
      's.code',
      's.goods_id',
      'g.name as goods_name',
      's.color',
      's.capacity',
      's.condition',
      's.serial_managed',
      's.stock',
    ])
    .where('s.id', '=', skuId)
    .executeTakeFirst();
  if (!sku) throw notFound('SKU 不存在');
  const brands = await brandsOfGoods(db, sku.goods_id);
  if (!sellsAny(actor, brands)) throw notFound('SKU 不存在');
  return { ...sku, brands };
}

/** Serials in stock less orders waiting to ship: what can be ordered now. */
export async function recountSerialStock(trx: Trx, skuId: number): Promise<number> {
  const row = await trx
    .selectFrom('goods_sku')
    .select([
      sql<number>`(select count(*)::int from stock_serial where sku_id = ${skuId} and status = 'in_stock')`.as(
        'in_stock',
      ),
      sql<number>`(select count(*)::int from orders where sku_id = ${skuId} and device_serial is null and status in (${sql.join(WAITING_TO_SHIP)}))`.as(
        'waiting',
      ),
    ])
    .where('id', '=', skuId)
    .executeTakeFirstOrThrow();
  const stock = Math.max(0, row.in_stock - row.waiting);
  await trx
    .updateTable('goods_sku')
    .set({ stock, serial_managed: true })
    .where('id', '=', skuId)
    .execute();
  return stock;
}

export async function skuStock(deps: AppDeps, actor: StaffActor, skuId: number) {
  const sku = await skuOf(deps.db, actor, skuId);
  const [counts, serials] = await Promise.all([
    deps.db
      .selectFrom('stock_serial')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('sku_id', '=', skuId)
      .groupBy('status')
      .execute(),
    deps.db
      .selectFrom('stock_serial')
      .select(['serial', 'status', 'order_id', 'updated_at'])
      .where('sku_id', '=', skuId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
  ]);
  const count = (status: StockSerialStatus) =>
    Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    sku: {
      id: sku.id,
      code: sku.code ?? `SKU-${sku.id}`,
      goodsId: sku.goods_id,
      goodsName: sku.goods_name,
      color: sku.color,
      capacity: sku.capacity,
      condition: sku.condition,
      serialManaged: sku.serial_managed,
      stock: sku.stock,
    },
    counts: {
      inStock: count('in_stock'),
      out: count('out'),
      repair: count('repair'),
      retired: count('retired'),
    },
    serials: serials.map((row) => ({
      serial: row.serial,
      status: row.status,
      orderId: row.order_id,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

/** Serials as typed, scanned or read from a file: trimmed, upper-cased, blank lines dropped. */
export const normaliseSerials = (raw: readonly string[]) =>
  raw.map((serial) => serial.trim().toUpperCase()).filter((serial) => serial !== '');

/**
 * Puts serials in the SKU's stock: all of them or, when any is malformed, repeated or already
 * known (on any SKU), none, with a message naming them.
 */
export async function addStockSerials(
  deps: AppDeps,
  actor: StaffActor,
  skuId: number,
  raw: readonly string[],
) {
  const serials = normaliseSerials(raw);
  if (serials.length === 0) throw badRequest('serials：请输入序列号');
  const malformed = serials.filter((s) => !SERIAL.test(s));
  if (malformed.length > 0)
    throw badRequest(
      `serials：序列号须为 6-40 位字母、数字或 -：${malformed.slice(0, 5).join('、')}`,
    );
  const repeated = serials.filter((s, i) => serials.indexOf(s) !== i);
  if (repeated.length > 0)
    throw badRequest(`serials：重复的序列号 ${[...new Set(repeated)].slice(0, 5).join('、')}`);
  return catalogWrite(deps, async (trx) => {
    const sku = await skuOf(trx, actor, skuId);
    const known = await trx
      .selectFrom('stock_serial')
      .select(['serial', 'sku_id'])
      .where('serial', 'in', serials)
      .execute();
    if (known.length > 0)
      throw conflict(
        `serials：序列号已在库存记录中：${known
          .slice(0, 5)
          .map((k) => k.serial)
          .join('、')}`,
      );
    const now = deps.now();
    await trx
      .insertInto('stock_serial')
      .values(
        serials.map((serial) => ({
          sku_id: skuId,
          serial,
          status: 'in_stock' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const before = sku.stock;
    const stock = await recountSerialStock(trx, skuId);
    await appendAudit(
      trx,
      actor,
      {
        platform: sku.brands.length === 1 ? sku.brands[0] : null,
        action: 'stock.add',
        targetType: 'sku',
        targetId: skuId,
        before: { stock: before },
        after: { stock, added: serials },
      },
      now,
    );
    return { added: serials, stock };
  });
}

/** Repair done (back in stock), sent to repair, or retired; a device on an order stays there. */
export async function setSerialStatus(
  deps: AppDeps,
  actor: StaffActor,
  serial: string,
  status: 'in_stock' | 'repair' | 'retired',
) {
  return catalogWrite(deps, async (trx) => {
    const row = await trx
      .selectFrom('stock_serial')
      .selectAll()
      .where('serial', '=', serial.toUpperCase())
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('序列号不存在');
    const sku = await skuOf(trx, actor, row.sku_id);
    if (row.status === 'out')
      throw conflict(`设备 ${row.serial} 在订单 ${row.order_id ?? ''} 上，归还质检后才能改状态`);
    const now = deps.now();
    await trx
      .updateTable('stock_serial')
      .set({ status, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await recountSerialStock(trx, row.sku_id);
    await appendAudit(
      trx,
      actor,
      {
        platform: sku.brands.length === 1 ? sku.brands[0] : null,
        action: 'stock.status',
        targetType: 'serial',
        targetId: row.serial,
        before: { status: row.status },
        after: { status },
      },
      now,
    );
    return { serial: row.serial, status, orderId: row.order_id, updatedAt: now.toISOString() };
  });
}

/**
 * Shipping an order (the desk's ship step, in its transaction). For a serial-managed SKU the
 * serial must be one of that SKU's devices in stock: it goes out with the order. For a SKU
 * without serials the serial is only recorded on the order, as before.
 */
export async function shipSerial(
  trx: Trx,
  orderId: number,
  serial: string,
  now: Date,
): Promise<void> {
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('goods_sku as s', 's.id', 'o.sku_id')
    .select(['o.sku_id', 's.serial_managed', 's.code'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (!order.serial_managed) return;
  const device = await trx
    .selectFrom('stock_serial')
    .select(['id', 'sku_id', 'status', 'order_id'])
    .where('serial', '=', serial.toUpperCase())
    .forUpdate()
    .executeTakeFirst();
  if (!device || device.sku_id !== order.sku_id)
    throw conflict(`serial：设备 ${serial} 不是规格 ${order.code ?? ''} 的库存设备`);
  if (device.status !== 'in_stock')
    throw conflict(
      `serial：设备 ${serial} 不在库（${device.status === 'repair' ? '维修中' : device.status === 'out' ? `在订单 ${device.order_id ?? ''} 上` : '已报废'}）`,
    );
  await trx
    .updateTable('stock_serial')
    .set({ status: 'out', order_id: orderId, updated_at: now })
    .where('id', '=', device.id)
    .execute();
}

/** An inspected return: its device back in stock, or to repair when the inspection found fault. */
export async function returnSerial(
  trx: Trx,
  orderId: number,
  fault: boolean,
  now: Date,
): Promise<void> {
  const device = await trx
    .selectFrom('stock_serial')
    .select(['id', 'sku_id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'out')
    .executeTakeFirst();
  if (!device) return;
  await trx
    .updateTable('stock_serial')
    .set({ status: fault ? 'repair' : 'in_stock', updated_at: now })
    .where('id', '=', device.id)
    .execute();
  await recountSerialStock(trx, device.sku_id);
}
