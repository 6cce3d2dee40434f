/**
 * Privacy: the consents a user gives per brand (each its own policy version), account
 * cancellation (注销账户) with what blocks it, and the export of the user's personal data.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Nullable } from './envelope.ts';

export const CONSENT_KINDS = [
  'privacy_policy',
  'user_agreement',
  /** Sensitive personal information (PIPL art. 28-29): ID number, ID-card photos, face. */
  'identity_and_face',
  'credit_query',
  'withholding',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const ConsentKindSchema = Type.Union(CONSENT_KINDS.map((kind) => Type.Literal(kind)));

/** The client the consent was given in. */
export const ConsentChannel = Type.Union([
  Type.Literal('h5'),
  Type.Literal('weapp'),
  Type.Literal('alipay'),
]);
export type ConsentChannel = Static<typeof ConsentChannel>;

export const ConsentState = Type.Object({
  kind: Type.String(),
  /** The version the user must agree to now. */
  currentVersion: Type.String(),
  /** The latest version this user agreed to on this brand, null if never. */
  agreedVersion: Nullable(Type.String()),
  /** ISO 8601 time of that agreement. */
  agreedAt: Nullable(Type.String()),
  /** True when the user still has to agree (never agreed, withdrew, or a new version). */
  pending: Type.Boolean(),
  /** A new version of something the user had agreed to before (the "we updated" prompt). */
  updated: Type.Boolean(),
});
export type ConsentState = Static<typeof ConsentState>;
export const ConsentListReply = Envelope(Type.Array(ConsentState));
export type ConsentListReply = Static<typeof ConsentListReply>;

/**
 * Records consent to the named kinds at the versions the user was shown; a version that is no
 * longer current is refused (the user saw an old text), so nothing stale is recorded.
 */
export const ConsentBody = Type.Object({
  consents: Type.Array(
    Type.Object({ kind: ConsentKindSchema, version: Type.String({ minLength: 1, maxLength: 32 }) }),
    {
      minItems: 1,
      maxItems: 5,
    },
  ),
  channel: ConsentChannel,
});
export type ConsentBody = Static<typeof ConsentBody>;

/** Withdraws one consent (PIPL art. 15); what needs it is asked again before it runs. */
export const ConsentWithdrawBody = Type.Object({ kind: ConsentKindSchema });
export type ConsentWithdrawBody = Static<typeof ConsentWithdrawBody>;

export const CancellationBlockers = Type.Object({
  /** Orders still running (not completed, cancelled or rejected). */
  orders: Type.Array(
    Type.Object({
      orderId: Type.Integer(),
      platform: Type.Integer(),
      status: Type.String(),
      statusText: Type.String(),
      goodsName: Type.String(),
    }),
  ),
  /** Bills with money still owed. */
  bills: Type.Array(
    Type.Object({
      billId: Type.Integer(),
      orderId: Type.Integer(),
      platform: Type.Integer(),
      kind: Type.String(),
      period: Type.Integer(),
      dueDate: Type.String(),
      outstanding: Type.Integer(),
    }),
  ),
});
export type CancellationBlockers = Static<typeof CancellationBlockers>;

export const CancellationCheck = Type.Object({
  allowed: Type.Boolean(),
  blockers: CancellationBlockers,
  /** What is deleted, what is kept and for how long, as the user should read it. */
  deleted: Type.Array(Type.String()),
  retained: Type.Array(
    Type.Object({ what: Type.String(), why: Type.String(), years: Type.Integer() }),
  ),
});
export type CancellationCheck = Static<typeof CancellationCheck>;
export const CancellationCheckReply = Envelope(CancellationCheck);
export type CancellationCheckReply = Static<typeof CancellationCheckReply>;

/** The user types 注销 (or confirms in the UI, which sends it) so a stray tap cancels nothing. */
export const CancelAccountBody = Type.Object({ confirm: Type.Literal('注销') });
export type CancelAccountBody = Static<typeof CancelAccountBody>;
export const CancelAccountReply = Envelope(
  Type.Object({ cancelledAt: Type.String(), retainUntil: Type.String() }),
);
export type CancelAccountReply = Static<typeof CancelAccountReply>;

/** The user's personal data, as a free-form JSON document (shape documented in the server). */
export const ExportReply = Envelope(Type.Record(Type.String(), Type.Unknown()));
export type ExportReply = Static<typeof ExportReply>;

export const MessageHostSchema = Type.Union([Type.Literal('wechat'), Type.Literal('alipay')]);

/** The brand's subscribe-message templates on one host, to ask the user for in the app. */
export const SubscribeTemplatesQuery = Type.Object({ host: MessageHostSchema });
export type SubscribeTemplatesQuery = Static<typeof SubscribeTemplatesQuery>;
export const SubscribeTemplatesReply = Envelope(
  Type.Array(Type.Object({ purpose: Type.String(), templateId: Type.String() })),
);
export type SubscribeTemplatesReply = Static<typeof SubscribeTemplatesReply>;

/** The template ids the user accepted in requestSubscribeMessage (one message each). */
export const SubscribeBody = Type.Object({
  host: MessageHostSchema,
  templateIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: 3,
  }),
});
export type SubscribeBody = Static<typeof SubscribeBody>;
export const SubscribeReply = Envelope(Type.Object({ recorded: Type.Integer() }));
export type SubscribeReply = Static<typeof SubscribeReply>;

export const WithholdingItem = Type.Object({
  orderId: Type.Integer(),
  goodsName: Type.String(),
  agreementNo: Type.String(),
  bankName: Type.String(),
  cardNoMasked: Type.String(),
  signedAt: Type.String(),
  cancelledAt: Nullable(Type.String()),
  /** The bank confirmed the revocation; null while it is still being told (retried). */
  revokedAt: Nullable(Type.String()),
});
export type WithholdingItem = Static<typeof WithholdingItem>;
export const WithholdingListReply = Envelope(Type.Array(WithholdingItem));
export type WithholdingListReply = Static<typeof WithholdingListReply>;
export const WithholdingCancelBody = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type WithholdingCancelBody = Static<typeof WithholdingCancelBody>;
