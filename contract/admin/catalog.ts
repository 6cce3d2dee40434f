/**
 * The console's catalogue (issue 37): goods with their SKUs, rental plans, services and brands,
 * a brand's own rents, stock by serial number, and bulk import / export. Ranges (a negative
 * price, a plan of 0 periods) are checked by the server's own rules (admin/catalog-rules.ts),
 * which name the field and the problem, the same rules the import's dry run applies per row.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from '../api/envelope.ts';
import { BrandId } from './index.ts';

/** Money, fen; the bounds only keep it an int4 (the rules refuse a negative one by name). */
const Fen = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
/** An image: a URL or a path the image library handed out (uploads are issue 37's other half). */
export const ImageRef = Type.String({ minLength: 1, maxLength: 500, pattern: '^\\S+$' });
export const SkuCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });
/** A device's serial number or IMEI (as the desk's shipOrder takes it). */
export const SerialNumber = Type.String({ pattern: '^[A-Za-z0-9-]{6,40}$' });
export const GOODS_CONDITIONS = ['全新', '99新', '95新'] as const;
export const TermUnit = Type.Union([Type.Literal('month'), Type.Literal('day')]);

export const SkuInput = Type.Object({
  code: SkuCode,
  color: FreeText(1, 30),
  capacity: FreeText(0, 30),
  condition: Type.Union(GOODS_CONDITIONS.map((c) => Type.Literal(c))),
  /** Market value, fen. */
  price: Fen,
  image: Type.Optional(Type.Union([ImageRef, Type.Literal('')])),
});
export type SkuInput = Static<typeof SkuInput>;

export const PlanInput = Type.Object({
  /** The SKU (its code in `skus`) the plan rents out. */
  skuCode: SkuCode,
  termUnit: TermUnit,
  /** Number of periods. */
  term: Type.Integer({ minimum: -100000, maximum: 100000 }),
  rentPerPeriod: Fen,
  deposit: Fen,
  /**
   * The buy-out price after k periods paid, k = 0 … term, never rising. Left out: the SKU's
   * market value less the rent paid so far (never below 0).
   */
  buyoutPrices: Type.Optional(Type.Array(Fen, { maxItems: 1001 })),
});
export type PlanInput = Static<typeof PlanInput>;

/** A brand's own rent for one plan (the plan named by SKU code, unit and term). */
export const BrandPriceInput = Type.Object({
  platform: BrandId,
  skuCode: SkuCode,
  termUnit: TermUnit,
  term: Type.Integer({ minimum: -100000, maximum: 100000 }),
  rentPerPeriod: Fen,
});
export type BrandPriceInput = Static<typeof BrandPriceInput>;

export const GoodsInput = Type.Object({
  name: FreeText(1, 60),
  subtitle: Type.Optional(FreeText(0, 60)),
  /** The maker's name shown on the card (Apple, 华为 …). */
  brandName: FreeText(1, 30),
  categoryId: Id,
  cover: ImageRef,
  images: Type.Array(ImageRef, { maxItems: 12 }),
  detailImages: Type.Optional(Type.Array(ImageRef, { maxItems: 30 })),
  /** Rich text (HTML); stored sanitised. */
  description: Type.String({ maxLength: 20000 }),
  tags: Type.Array(FreeText(1, 12), { maxItems: 8 }),
  marketPrice: Fen,
  isHot: Type.Optional(Type.Boolean()),
  isEnjoy: Type.Optional(Type.Boolean()),
  skus: Type.Array(SkuInput, { minItems: 1, maxItems: 50 }),
  plans: Type.Array(PlanInput, { minItems: 1, maxItems: 300 }),
  serviceIds: Type.Array(Id, { maxItems: 20 }),
  /** The brands that sell it; empty: every brand (only an account of every brand may say so). */
  brands: Type.Array(BrandId, { maxItems: 9 }),
  brandPrices: Type.Optional(Type.Array(BrandPriceInput, { maxItems: 2700 })),
});
export type GoodsInput = Static<typeof GoodsInput>;

export const GoodsSkuView = Type.Composite([
  SkuInput,
  Type.Object({
    id: Id,
    /** Units that can be ordered now. */
    stock: Type.Integer(),
    /** Stock kept by serial numbers. */
    serialManaged: Type.Boolean(),
    /** Serials in stock (0 when not serial-managed). */
    serialsInStock: Type.Integer(),
  }),
]);
export const GoodsPlanView = Type.Composite([
  PlanInput,
  Type.Object({ id: Id, buyoutPrices: Type.Array(Type.Integer()) }),
]);

export const GoodsView = Type.Object({
  id: Id,
  name: Type.String(),
  subtitle: Type.String(),
  brandName: Type.String(),
  categoryId: Id,
  categoryName: Type.String(),
  cover: Type.String(),
  images: Type.Array(Type.String()),
  detailImages: Type.Array(Type.String()),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  marketPrice: Type.Integer(),
  minRent: Type.Integer(),
  isHot: Type.Boolean(),
  isEnjoy: Type.Boolean(),
  published: Type.Boolean(),
  skus: Type.Array(GoodsSkuView),
  plans: Type.Array(GoodsPlanView),
  serviceIds: Type.Array(Id),
  brands: Type.Array(BrandId),
  brandPrices: Type.Array(BrandPriceInput),
  /** The account may change everything (not only its brands' rents). */
  editable: Type.Boolean(),
  updatedAt: Type.String(),
});
export type GoodsView = Static<typeof GoodsView>;

export const GoodsRow = Type.Object({
  id: Id,
  name: Type.String(),
  brandName: Type.String(),
  categoryId: Id,
  categoryName: Type.String(),
  cover: Type.String(),
  minRent: Type.Integer(),
  published: Type.Boolean(),
  brands: Type.Array(BrandId),
  skuCount: Type.Integer(),
  stock: Type.Integer(),
  updatedAt: Type.String(),
});
export type GoodsRow = Static<typeof GoodsRow>;

export const ListGoodsQuery = Type.Object({
  keyword: Type.Optional(FreeText(1, 60)),
  categoryId: Type.Optional(Id),
  published: Type.Optional(Type.Boolean()),
  /** Goods this brand sells. */
  platform: Type.Optional(BrandId),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListGoodsQuery = Static<typeof ListGoodsQuery>;

export const ListGoodsReply = Envelope(
  Type.Object({
    list: Type.Array(GoodsRow),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
    /** For the filters and the editor. */
    categories: Type.Array(Type.Object({ id: Id, name: Type.String() })),
    services: Type.Array(Type.Object({ id: Id, name: Type.String(), price: Type.Integer() })),
  }),
);
export const GoodsIdParams = Type.Object({ id: Id });
export const GoodsReply = Envelope(GoodsView);
export const SetPublishedBody = Type.Object({ published: Type.Boolean() });
export const SetBrandPricesBody = Type.Object({
  /** Every brand's own rent the account may set, replacing those of the brands it names. */
  platforms: Type.Array(BrandId, { minItems: 1, maxItems: 9 }),
  prices: Type.Array(BrandPriceInput, { maxItems: 2700 }),
});
export type SetBrandPricesBody = Static<typeof SetBrandPricesBody>;

// ---------------------------------------------------------------------------------------------
// Stock

export const SkuIdParams = Type.Object({ id: Id });
export const SerialStatus = Type.Union([
  Type.Literal('in_stock'),
  Type.Literal('out'),
  Type.Literal('repair'),
  Type.Literal('retired'),
]);
export const StockSerialView = Type.Object({
  serial: Type.String(),
  status: SerialStatus,
  orderId: Nullable(Id),
  updatedAt: Type.String(),
});
export const SkuStockReply = Envelope(
  Type.Object({
    sku: Type.Object({
      id: Id,
      code: Type.String(),
      goodsId: Id,
      goodsName: Type.String(),
      color: Type.String(),
      capacity: Type.String(),
      condition: Type.String(),
      serialManaged: Type.Boolean(),
      /** Units that can be ordered now: serials in stock less orders waiting to ship. */
      stock: Type.Integer(),
    }),
    counts: Type.Object({
      inStock: Type.Integer(),
      out: Type.Integer(),
      repair: Type.Integer(),
      retired: Type.Integer(),
    }),
    serials: Type.Array(StockSerialView),
  }),
);
export const AddSerialsBody = Type.Object({
  /** One scanned or typed serial, or many read from a file. */
  serials: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 1000 }),
});
export const AddSerialsReply = Envelope(
  Type.Object({ added: Type.Array(Type.String()), stock: Type.Integer() }),
);
export const SerialParams = Type.Object({ serial: SerialNumber });
export const SetSerialStatusBody = Type.Object({
  /** Back in stock from repair, or retired. */
  status: Type.Union([Type.Literal('in_stock'), Type.Literal('repair'), Type.Literal('retired')]),
});
export const SetSerialStatusReply = Envelope(StockSerialView);

// ---------------------------------------------------------------------------------------------
// Bulk import / export

export const BULK_KINDS = ['goods', 'skus', 'prices', 'stock'] as const;
export const BulkKind = Type.Union(BULK_KINDS.map((k) => Type.Literal(k)));
export type BulkKind = Static<typeof BulkKind>;
export const BulkFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]);
export type BulkFormat = Static<typeof BulkFormat>;

export const ExportQuery = Type.Object({ kind: BulkKind, format: BulkFormat });
export const ImportBody = Type.Object({
  kind: BulkKind,
  format: BulkFormat,
  /** The file, base64 (the console sends JSON only). */
  content: Type.String({ minLength: 1, maxLength: 7_000_000 }),
  /**
   * dry-run: check every row, write nothing; partial: write the good rows; all-or-nothing:
   * write every row or, when any row has a problem, none.
   */
  mode: Type.Union([
    Type.Literal('dry-run'),
    Type.Literal('partial'),
    Type.Literal('all-or-nothing'),
  ]),
});
export type ImportBody = Static<typeof ImportBody>;
export const ImportReply = Envelope(
  Type.Object({
    rows: Type.Integer(),
    /** Rows with problems: the file's row number (the header is row 1), field, problem. */
    problems: Type.Array(
      Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() }),
    ),
    /** Rows written (0 on a dry run, or all-or-nothing with a problem). */
    written: Type.Integer(),
  }),
);
export type ImportResult = Static<typeof ImportReply>['data'];
