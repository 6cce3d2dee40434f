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

export type Session = Static<typeof AdminSession>;
export type OrderList = Static<typeof ListOrdersReply>['data'];
export type OrderDetail = Static<typeof DeskOrderDetail>;
export type AuditList = Static<typeof ListAuditReply>['data'];
export type StaffList = Static<typeof ListStaffReply>['data'];
export type CreatedStaff = Static<typeof CreateStaffReply>['data'];
export type OrderActionResult = Static<typeof OrderActionReply>['data'];
export type RefundResult = Static<typeof RefundBillReply>['data'];
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
