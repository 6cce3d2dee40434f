/**
 * The one permission table: which roles may do what. The server checks it on every console and
 * ops route (and the brand of what the route touches against the account's brands); the console
 * reads it to show only what works.
 */
import type { StaffRole } from './index.ts';

export const PERMISSIONS = {
  /** See orders (masked), their bills and timeline. */
  'orders.read': ['owner', 'risk', 'operator', 'finance', 'service', 'viewer'],
  /** Review: approve or reject a paid order; decide a cancellation asked after payment. */
  'orders.review': ['owner', 'risk'],
  /** See a customer's full mobile (audited). */
  'customers.reveal': ['owner', 'risk'],
  /** Ship, mark delivered, receive a return, inspect it, ask compensation. */
  'orders.fulfil': ['owner', 'operator'],
  /** Refunds, fee waivers, offline repayments. */
  'bills.refund': ['owner', 'finance'],
  /** Collections: the overdue queue, the contact log, recording calls and promises (issue 38). */
  'collections.work': ['owner', 'finance', 'service'],
  /** Give an overdue case to a collector. */
  'collections.assign': ['owner', 'finance'],
  /** Complaints and feedback. */
  'complaints.handle': ['owner', 'service'],
  /** Set each brand's risk rules (they flag orders for review, never decide them). */
  'risk.rules': ['owner'],
  /** Goods, SKUs, plans, brands' rents, stock and bulk import / export, for the account's brands. */
  'catalog.manage': ['owner', 'operator'],
  'audit.read': ['owner'],
  /** The reports, for the account's brands (issue 38). */
  'reports.read': ['owner', 'risk', 'operator', 'finance', 'service', 'viewer'],
  /** Reconciliation against the providers' statements: see, import, resolve (issue 38). */
  'finance.reconcile': ['owner', 'finance'],
  'staff.manage': ['owner'],
  /** A brand's home page: banners, home tabs and their goods, hot words (issue 37). */
  'home.manage': ['owner', 'operator'],
  /** A brand's coupon templates, and issuing coupons to users. */
  'coupons.manage': ['owner', 'operator'],
  /** Upload pictures for banners, goods and categories. */
  'images.upload': ['owner', 'operator'],
  /** Run the scheduled jobs and reconciliation on demand (ops API). */
  'jobs.run': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}

/** What each step of the ops API (`npm run ops`) needs: the same permissions as the console's. */
export const OPS_STEP_PERMISSIONS = {
  approve: 'orders.review',
  reject: 'orders.review',
  'approve-cancel': 'orders.review',
  'refuse-cancel': 'orders.review',
  ship: 'orders.fulfil',
  deliver: 'orders.fulfil',
  'receive-return': 'orders.fulfil',
  inspect: 'orders.fulfil',
  compensate: 'orders.fulfil',
} as const satisfies Record<string, Permission>;
