/** The console's view of the admin API's shapes: derived from contract/admin, never redeclared. */
import type { Static } from '@sinclair/typebox';
import type {
  AdminSession,
  CreateStaffReply,
  DeskOrderDetail,
  ListAuditReply,
  ListOrdersReply,
  ListStaffReply,
  OrderActionReply,
  RefundBillReply,
  ResetStaffPasswordReply,
} from '../../contract/admin/index.ts';
import type { ListCollectorsReply, ListOverdueReply } from '../../contract/admin/collections.ts';
import type { ImportReply, ListGoodsReply, SkuStockReply } from '../../contract/admin/catalog.ts';

export type Session = Static<typeof AdminSession>;
export type GoodsList = Static<typeof ListGoodsReply>['data'];
export type SkuStock = Static<typeof SkuStockReply>['data'];
export type ImportResult = Static<typeof ImportReply>['data'];
export type OrderList = Static<typeof ListOrdersReply>['data'];
export type OrderDetail = Static<typeof DeskOrderDetail>;
export type AuditList = Static<typeof ListAuditReply>['data'];
export type StaffList = Static<typeof ListStaffReply>['data'];
export type CreatedStaff = Static<typeof CreateStaffReply>['data'];
export type OrderActionResult = Static<typeof OrderActionReply>['data'];
export type RefundResult = Static<typeof RefundBillReply>['data'];
export type OverdueList = Static<typeof ListOverdueReply>['data'];
export type Collectors = Static<typeof ListCollectorsReply>['data'];
export type PasswordReset = Static<typeof ResetStaffPasswordReply>['data'];

/** Fen as yuan with two decimals. */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/** A brand's name; with the console's `t`, in its language. */
export function brandName(
  platform: number | null,
  t: (zh: string, en: string) => string = (zh) => zh,
): string {
  return platform === null ? '—' : t(`品牌 ${platform}`, `Brand ${platform}`);
}
