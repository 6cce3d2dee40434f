/**
 * The catalogue's tables (migration 0002_catalog.sql), owned by the catalogue engineer: add one
 * interface per table and list it in `CatalogTables`; `Database` in `schema.ts` extends it.
 */
import type { ColumnType, Generated } from 'kysely';

/** A jsonb column read as T and written as its JSON text (same as `Json` in schema.ts). */
type Json<T> = ColumnType<T, string, string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: node-postgres and PGlite both read it as a Date; written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date, string, string>;

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  icon: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface CategoryChannelTable {
  channel_code: string;
  category_id: number;
  sort: Generated<number>;
}

export interface GoodsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  subtitle: Generated<string>;
  brand_name: string;
  cover: string;
  images: Json<string[]>;
  detail_images: Json<string[]>;
  tags: Json<string[]>;
  min_rent: number;
  market_price: number;
  sales: Generated<number>;
  is_hot: Generated<boolean>;
  is_enjoy: Generated<boolean>;
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  search_text: string;
  created_at: DefaultedTimestamp;
  /** Sanitised rich text (HTML), 0050. */
  description: Generated<string>;
  updated_at: DefaultedTimestamp;
}

export interface GoodsSearchTermTable {
  term: string;
  goods_id: number;
}

export interface GoodsSkuTable {
  id: Generated<number>;
  goods_id: number;
  color: string;
  capacity: string;
  condition: string;
  price: number;
  stock: Generated<number>;
  image: string;
  sort: Generated<number>;
  /** Unique across the catalogue; 'SKU-<id>' for SKUs made before codes (0050). */
  code: string | null;
  /** Stock kept by serials (stock_serial): shipping must name one in stock. */
  serial_managed: Generated<boolean>;
}

export interface GoodsPlanTable {
  id: Generated<number>;
  goods_id: number;
  sku_id: number;
  term_unit: 'month' | 'day';
  term: number;
  rent_per_period: number;
  first_payment: number;
  deposit: number;
  buyout_prices: Json<number[]>;
  sort: Generated<number>;
}

export interface ValueAddedServiceTable {
  id: Generated<number>;
  name: string;
  description: string;
  price: number;
  price_unit: 'once' | 'period';
  required: Generated<boolean>;
  sort: Generated<number>;
}

export interface GoodsValueAddedServiceTable {
  goods_id: number;
  service_id: number;
}

export type ExplainKind = 'rent_rule' | 'value_added' | 'buyout' | 'return' | 'notice';

export interface GoodsExplainTable {
  id: Generated<number>;
  goods_id: number | null;
  kind: ExplainKind;
  title: string;
  content: string;
  sort: Generated<number>;
}

export interface DefaultGoodsTable {
  platform: number;
  goods_id: number;
}

export interface BannerTable {
  id: Generated<number>;
  platform: number;
  channel_code: string | null;
  title: string;
  image: string;
  link_type: 'none' | 'goods' | 'category' | 'page' | 'web';
  link_value: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface HomeTabTable {
  id: Generated<number>;
  platform: number;
  channel_code: string | null;
  name: string;
  sort: Generated<number>;
}

export interface HomeTabGoodsTable {
  tab_id: number;
  goods_id: number;
  sort: Generated<number>;
}

export interface HotKeywordTable {
  id: Generated<number>;
  platform: number | null;
  keyword: string;
  sort: Generated<number>;
}

export interface DictionaryTable {
  id: Generated<number>;
  dict_type: string;
  label: string;
  value: string;
  sort: Generated<number>;
}

export interface ExpressCompanyTable {
  code: string;
  name: string;
  phone: string;
  sort: Generated<number>;
}

export interface ServiceQuestionTypeTable {
  id: Generated<number>;
  name: string;
  icon: string;
  sort: Generated<number>;
}

export interface ServiceQuestionTable {
  id: Generated<number>;
  type_id: number;
  question: string;
  answer: string;
  sort: Generated<number>;
  /** 0042: the brand whose question it is; null: every brand's. */
  platform: Generated<number | null>;
}

/** 0045: a brand's own categories list, in order (none: every enabled category). */
export interface BrandCategoryTable {
  platform: number;
  category_id: number;
  sort: Generated<number>;
}

/** 0045: a brand's own hot goods and 优享好物 lists, in order (none: the shared list). */
export interface BrandGoodsListTable {
  platform: number;
  list: 'hot' | 'enjoy';
  goods_id: number;
  sort: Generated<number>;
}

export interface ServicePhoneTable {
  platform: number;
  phone: string;
  work_time: string;
}

export interface UvDailyTable {
  day: DateColumn;
  platform: number;
  channel_code: string;
  visits: Generated<number>;
}

export interface UvDeviceTable {
  day: DateColumn;
  platform: number;
  channel_code: string;
  device_id: string;
}

/** The brands selling a goods; a goods with none is sold by every brand. */
export interface GoodsBrandTable {
  goods_id: number;
  platform: number;
}

/** A brand's own rent per period for a plan. */
export interface GoodsPlanPriceTable {
  plan_id: number;
  platform: number;
  rent_per_period: number;
}

export type StockSerialStatus = 'in_stock' | 'out' | 'repair' | 'retired';

export interface StockSerialTable {
  id: Generated<number>;
  sku_id: number;
  serial: string;
  status: StockSerialStatus;
  order_id: number | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CatalogTables {
  goods_brand: GoodsBrandTable;
  goods_plan_price: GoodsPlanPriceTable;
  stock_serial: StockSerialTable;
  category: CategoryTable;
  category_channel: CategoryChannelTable;
  goods: GoodsTable;
  goods_search_term: GoodsSearchTermTable;
  goods_sku: GoodsSkuTable;
  goods_plan: GoodsPlanTable;
  value_added_service: ValueAddedServiceTable;
  goods_value_added_service: GoodsValueAddedServiceTable;
  goods_explain: GoodsExplainTable;
  default_goods: DefaultGoodsTable;
  banner: BannerTable;
  home_tab: HomeTabTable;
  home_tab_goods: HomeTabGoodsTable;
  hot_keyword: HotKeywordTable;
  dictionary: DictionaryTable;
  express_company: ExpressCompanyTable;
  service_question_type: ServiceQuestionTypeTable;
  service_question: ServiceQuestionTable;
  brand_goods_list: BrandGoodsListTable;
  brand_category: BrandCategoryTable;
  service_phone: ServicePhoneTable;
  uv_daily: UvDailyTable;
  uv_device: UvDeviceTable;
}
