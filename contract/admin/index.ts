/**
 * The merchant console's API (`/admin/api/*`): staff sessions, the order desk, staff and the
 * audit log. The server validates every body, query and reply against these; the console imports
 * the types. Sessions are an httpOnly cookie; every state-changing call also sends the session's
 * CSRF token in `X-CSRF-Token` (the login reply hands it out).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from '../api/envelope.ts';
import { statesWhere, type OrderDeskTabKey } from '../order-status.ts';

export const ADMIN_SESSION_COOKIE = 'admin_session';
export const HEADER_CSRF = 'X-CSRF-Token';
/** Refunds: the client's key, so a repeated click refunds once. */
export const HEADER_IDEMPOTENCY_KEY = 'Idempotency-Key';

export const STAFF_ROLES = ['owner', 'risk', 'operator', 'finance', 'service', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRole = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));

/** Brand ids 1-9. */
export const BrandId = Type.Integer({ minimum: 1, maximum: 9 });
/** A staff login: lower-case letters, digits, `.`, `_`, `-`; starts with a letter. */
export const StaffLogin = Type.String({ pattern: '^[a-z][a-z0-9._-]{2,31}$' });
/** A new password: 12-128 characters. */
export const NewPassword = Type.String({ minLength: 12, maxLength: 128 });

export const StaffView = Type.Object({
  id: Id,
  login: Type.String(),
  displayName: Type.String(),
  role: StaffRole,
  /** Every brand, or only `brands`. */
  allBrands: Type.Boolean(),
  brands: Type.Array(BrandId),
  totp: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  disabled: Type.Boolean(),
  createdAt: Type.String(),
});
export type StaffView = Static<typeof StaffView>;

// ---------------------------------------------------------------------------------------------
// Sessions

export const AdminLoginBody = Type.Object({
  login: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  /** The 6-digit code, for accounts with a second factor. */
  totp: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
});
export type AdminLoginBody = Static<typeof AdminLoginBody>;

export const AdminSession = Type.Object({
  staff: StaffView,
  /** Send it back as `X-CSRF-Token` on every state-changing call of this session. */
  csrfToken: Type.String(),
  /** The absolute end of the session (12 h); idle sessions end sooner (`idleSeconds`). */
  expiresAt: Type.String(),
  idleSeconds: Type.Integer(),
  /** What each of this role's permissions allows, for the console to show only what works. */
  permissions: Type.Array(Type.String()),
});
export const AdminLoginReply = Envelope(AdminSession);
export const AdminLogoutReply = Envelope(Type.Null());
export const AdminMeReply = Envelope(AdminSession);

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: NewPassword,
});
export const ChangePasswordReply = Envelope(Type.Null());

// ---------------------------------------------------------------------------------------------
// Staff

export const CreateStaffBody = Type.Object({
  login: StaffLogin,
  displayName: FreeText(1, 40),
  role: StaffRole,
  /** The brands the account acts for; leave out with `allBrands: true`. */
  brands: Type.Optional(Type.Array(BrandId, { minItems: 1, maxItems: 9, uniqueItems: true })),
  allBrands: Type.Optional(Type.Boolean()),
  /** Its first password; it must be changed at first login. */
  password: NewPassword,
  /** Give it a TOTP second factor (the reply carries the otpauth URI once). */
  totp: Type.Optional(Type.Boolean()),
});
export type CreateStaffBody = Static<typeof CreateStaffBody>;
export const CreateStaffReply = Envelope(
  Type.Object({ staff: StaffView, totpUri: Nullable(Type.String()) }),
);
export const ListStaffReply = Envelope(Type.Object({ list: Type.Array(StaffView) }));
export const DisableStaffBody = Type.Object({ reason: FreeText(1, 200) });
export const DisableStaffReply = Envelope(Type.Object({ staff: StaffView }));
/** A new role and/or brands (`allBrands: true`, or `brands`), with the reason for the log. */
export const UpdateStaffBody = Type.Object({
  role: Type.Optional(StaffRole),
  brands: Type.Optional(Type.Array(BrandId, { minItems: 1, maxItems: 9, uniqueItems: true })),
  allBrands: Type.Optional(Type.Boolean()),
  reason: FreeText(1, 200),
});
export type UpdateStaffBody = Static<typeof UpdateStaffBody>;
export const UpdateStaffReply = Envelope(Type.Object({ staff: StaffView }));
export const ResetStaffPasswordBody = Type.Object({ reason: FreeText(1, 200) });
export const ResetStaffPasswordReply = Envelope(
  Type.Object({
    staff: StaffView,
    /** The one-time password, shown to the owner this once; it must be changed at login. */
    password: Type.String(),
  }),
);

// ---------------------------------------------------------------------------------------------
// The order queue

/** The desk's tabs and the states each holds (each state's `deskTab` in ORDER_STATE_FACTS). */
const onDesk = (tab: OrderDeskTabKey) => statesWhere((state) => state.deskTab === tab);
export const ORDER_DESK_TABS = {
  review: { label: '待审核', en: 'To review', statuses: onDesk('review') },
  ship: { label: '待发货', en: 'To ship', statuses: onDesk('ship') },
  shipped: { label: '待收货', en: 'Shipped', statuses: onDesk('shipped') },
  renting: { label: '租赁中', en: 'Renting', statuses: onDesk('renting') },
  overdue: { label: '逾期', en: 'Overdue', statuses: onDesk('overdue') },
  returning: { label: '归还中', en: 'Returning', statuses: onDesk('returning') },
  inspecting: { label: '待质检', en: 'To inspect', statuses: onDesk('inspecting') },
  completed: { label: '已完成', en: 'Completed', statuses: onDesk('completed') },
  cancelled: { label: '已取消', en: 'Cancelled', statuses: onDesk('cancelled') },
} as const satisfies Record<OrderDeskTabKey, unknown>;
export type OrderDeskTab = keyof typeof ORDER_DESK_TABS;
const TAB_KEYS = Object.keys(ORDER_DESK_TABS) as OrderDeskTab[];
export const OrderDeskTab = Type.Union(TAB_KEYS.map((key) => Type.Literal(key)));

export const ORDER_SORTS = ['createdAt', '-createdAt', 'updatedAt', '-updatedAt'] as const;

export const ListOrdersQuery = Type.Object({
  tab: Type.Optional(OrderDeskTab),
  platform: Type.Optional(BrandId),
  /** Placed on or after / on or before (Beijing days, YYYY-MM-DD). */
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  channel: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
  /** Order number, id, masked mobile (138****5678), the mobile's last 4, or the customer's name. */
  keyword: Type.Optional(FreeText(1, 40)),
  sort: Type.Optional(Type.Union(ORDER_SORTS.map((sort) => Type.Literal(sort)))),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

export const DeskOrder = Type.Object({
  id: Id,
  orderNo: Type.String(),
  platform: BrandId,
  status: Type.String(),
  statusText: Type.String(),
  goodsName: Type.String(),
  customerName: Type.String(),
  mobile: Type.String(),
  channel: Nullable(Type.String()),
  rentPerPeriod: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DeskOrder = Static<typeof DeskOrder>;

export const ListOrdersReply = Envelope(
  Type.Object({
    tabs: Type.Array(
      Type.Object({ key: OrderDeskTab, label: Type.String(), count: Type.Integer() }),
    ),
    list: Type.Array(DeskOrder),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);

export const OrderIdParams = Type.Object({ id: Id });

const Money = Type.Integer();
export const DeskOrderDetail = Type.Object({
  order: DeskOrder,
  customer: Type.Object({
    userId: Id,
    name: Type.String(),
    mobile: Type.String(),
    idNumber: Nullable(Type.String()),
    /** Masked until revealed (`revealCustomer`, audited). */
    masked: Type.Boolean(),
  }),
  goods: Type.Object({
    name: Type.String(),
    sku: Type.String(),
    price: Money,
  }),
  plan: Type.Object({
    termUnit: Type.String(),
    term: Type.Integer(),
    rentPerPeriod: Money,
    deposit: Money,
    depositMethod: Type.String(),
    services: Type.Array(Type.Object({ name: Type.String(), price: Money })),
  }),
  bills: Type.Array(
    Type.Object({
      id: Id,
      kind: Type.String(),
      period: Type.Integer(),
      dueDate: Type.String(),
      due: Money,
      paid: Money,
      refunded: Money,
      status: Type.String(),
      /** Collections (issue 38): days late, the late fee left and what was waived of it. */
      overdueDays: Type.Optional(Type.Integer()),
      overdueFee: Type.Optional(Money),
      feeWaived: Type.Optional(Money),
      writtenOff: Type.Optional(Money),
      channel: Type.Optional(Nullable(Type.String())),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      outTradeNo: Type.String(),
      providerTradeNo: Nullable(Type.String()),
      channel: Type.String(),
      amount: Money,
      status: Type.String(),
      createdAt: Type.String(),
    }),
  ),
  refunds: Type.Array(
    Type.Object({
      outRefundNo: Type.String(),
      billId: Nullable(Type.Integer()),
      amount: Money,
      reason: Type.String(),
      status: Type.String(),
      createdAt: Type.String(),
    }),
  ),
  depositFreezes: Type.Array(
    Type.Object({
      outRequestNo: Type.String(),
      authNo: Nullable(Type.String()),
      amount: Money,
      paid: Money,
      unfrozen: Money,
      status: Type.String(),
    }),
  ),
  contract: Nullable(
    Type.Object({ id: Id, status: Type.String(), signedAt: Nullable(Type.String()) }),
  ),
  verification: Type.Object({
    identity: Type.Boolean(),
    face: Nullable(Type.String()),
    creditScore: Nullable(Type.Integer()),
    creditPassed: Nullable(Type.Boolean()),
  }),
  logistics: Type.Object({
    courier: Nullable(Type.String()),
    waybill: Nullable(Type.String()),
    deviceSerial: Nullable(Type.String()),
    shippedAt: Nullable(Type.String()),
    deliveredAt: Nullable(Type.String()),
    returnWaybill: Nullable(Type.String()),
    address: Type.String(),
  }),
  inspections: Type.Array(
    Type.Object({
      checklist: Type.Array(Type.Object({ item: Type.String(), ok: Type.Boolean() })),
      damage: Money,
      note: Type.String(),
      by: Type.String(),
      at: Type.String(),
    }),
  ),
  events: Type.Array(
    Type.Object({
      action: Type.String(),
      from: Type.String(),
      to: Type.String(),
      actor: Type.String(),
      note: Type.String(),
      /**
       * A reason code: on `reject` a REJECT_REASONS key, on a cancellation or return the
       * customer's `order.reason.<code>` (contract/i18n).
       */
      reason: Nullable(Type.String()),
      at: Type.String(),
    }),
  ),
});
export const GetOrderReply = Envelope(DeskOrderDetail);

export const RevealCustomerBody = Type.Object({
  field: Type.Union([Type.Literal('mobile'), Type.Literal('idNumber')]),
  reason: FreeText(2, 200),
});
export const RevealCustomerReply = Envelope(
  Type.Object({ field: Type.String(), value: Type.String(), complete: Type.Boolean() }),
);

// ---------------------------------------------------------------------------------------------
// Order actions: each answers the transition (or, repeated, the one already made)

export const REJECT_REASONS = {
  CREDIT_INSUFFICIENT: '信用评估未通过',
  IDENTITY_MISMATCH: '身份信息不符',
  FRAUD_SUSPECTED: '疑似欺诈',
  INFO_INCOMPLETE: '资料不完整',
  AREA_NOT_SERVED: '收货地区暂不支持',
  OTHER: '其他',
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;
/** The same reasons in English, for the console's language switch. */
export const REJECT_REASONS_EN: Record<RejectReason, string> = {
  CREDIT_INSUFFICIENT: 'Credit check not passed',
  IDENTITY_MISMATCH: 'Identity does not match',
  FRAUD_SUSPECTED: 'Suspected fraud',
  INFO_INCOMPLETE: 'Incomplete information',
  AREA_NOT_SERVED: 'Delivery area not served',
  OTHER: 'Other',
};
export const RejectReason = Type.Union(
  (Object.keys(REJECT_REASONS) as RejectReason[]).map((key) => Type.Literal(key)),
);

const Note = Type.Optional(FreeText(0, 200));
export const ApproveOrderBody = Type.Object({ note: Note });
export const RejectOrderBody = Type.Object({ reasonCode: RejectReason, note: Note });
export const ShipOrderBody = Type.Object({
  courier: Type.String({ pattern: '^[A-Za-z0-9\\u4e00-\\u9fa5]{2,20}$' }),
  waybill: Type.String({ pattern: '^[A-Za-z0-9]{6,30}$' }),
  /** The device's serial number or IMEI. */
  serial: Type.String({ pattern: '^[A-Za-z0-9-]{6,40}$' }),
  note: Note,
});
export type ShipOrderBody = Static<typeof ShipOrderBody>;
export const ReceiveReturnBody = Type.Object({ note: Note });
export const InspectReturnBody = Type.Object({
  checklist: Type.Array(Type.Object({ item: FreeText(1, 40), ok: Type.Boolean() }), {
    minItems: 1,
    maxItems: 30,
  }),
  /** Damage found, fen: more than 0 becomes a COMPENSATION bill for the customer. */
  damage: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  note: Note,
});
export type InspectReturnBody = Static<typeof InspectReturnBody>;

export const OrderActionReply = Envelope(
  Type.Object({
    orderId: Id,
    from: Type.String(),
    to: Type.String(),
    /** True when the action had already been done: nothing changed this time. */
    repeated: Type.Boolean(),
  }),
);

/**
 * The money rows' states as the desk shows them, [Chinese, English] (a bill's own states use the
 * storefront's `bill.tone.*`). Keys are the database's values.
 */
export const PAYMENT_STATE_LABELS: Record<string, readonly [string, string]> = {
  created: ['待支付', 'Awaiting payment'],
  succeeded: ['已支付', 'Paid'],
  failed: ['失败', 'Failed'],
  closed: ['已关闭', 'Closed'],
};
export const REFUND_STATE_LABELS: Record<string, readonly [string, string]> = {
  pending: ['退款中', 'Refunding'],
  succeeded: ['已退款', 'Refunded'],
  failed: ['退款失败', 'Refund failed'],
};
export const FREEZE_STATE_LABELS: Record<string, readonly [string, string]> = {
  pending: ['待授权', 'Awaiting authorisation'],
  frozen: ['已冻结', 'Frozen'],
  failed: ['失败', 'Failed'],
  closed: ['已结束', 'Closed'],
};

export const BillIdParams = Type.Object({ id: Id });
export const RefundBillBody = Type.Object({
  /** Fen; at most what was paid on the bill and not yet refunded. */
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  reason: FreeText(2, 200),
});
export const RefundBillReply = Envelope(
  Type.Object({
    billId: Id,
    outRefundNo: Type.String(),
    amount: Type.Integer(),
    status: Type.String(),
    repeated: Type.Boolean(),
  }),
);

// ---------------------------------------------------------------------------------------------
// The audit log

export const ListAuditQuery = Type.Object({
  action: Type.Optional(Type.String({ pattern: '^[a-zA-Z.-]{1,40}$' })),
  staffId: Type.Optional(Id),
  targetType: Type.Optional(Type.String({ pattern: '^[a-z]{1,20}$' })),
  targetId: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$' })),
  platform: Type.Optional(BrandId),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListAuditQuery = Static<typeof ListAuditQuery>;

const Summary = Nullable(Type.Record(Type.String(), Type.Unknown()));
export const AuditEvent = Type.Object({
  id: Type.Integer(),
  staffId: Nullable(Type.Integer()),
  staffLogin: Type.String(),
  at: Type.String(),
  ip: Nullable(Type.String()),
  via: Type.String(),
  platform: Nullable(Type.Integer()),
  action: Type.String(),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  before: Summary,
  after: Summary,
});
export type AuditEvent = Static<typeof AuditEvent>;
export const ListAuditReply = Envelope(
  Type.Object({
    list: Type.Array(AuditEvent),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);
