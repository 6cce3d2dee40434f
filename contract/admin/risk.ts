/**
 * Risk review (`/admin/api`, issue 36): what the desk knows of an order waiting for review (credit,
 * age and ID region from the ID number, other orders of the last 90 days on the same ID number,
 * mobile, address or device) and each brand's rules, which flag an order and never decide it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from '../api/envelope.ts';
import { BrandId } from './index.ts';

/** How far back related orders are looked for. */
export const RELATED_ORDER_DAYS = 90;

export const RISK_MATCHES = ['idNumber', 'mobile', 'address', 'device'] as const;
export type RiskMatch = (typeof RISK_MATCHES)[number];
export const RiskMatch = Type.Union(RISK_MATCHES.map((match) => Type.Literal(match)));

/** An ID number's area code prefix: the province (2 digits) or the city (4 digits). */
export const AreaCode = Type.String({ pattern: '^[1-9][0-9]([0-9]{2})?$' });

/** A brand's rules; a rule left null (or an empty list) flags nothing. */
export const RiskRules = Type.Object({
  /** Flag a customer younger than this (years, from the ID number's birth date). */
  minAge: Nullable(Type.Integer({ minimum: 16, maximum: 100 })),
  /** Flag a customer older than this. */
  maxAge: Nullable(Type.Integer({ minimum: 16, maximum: 120 })),
  /** Flag when this many other orders (or more) share the ID number, mobile, address or device. */
  maxRelatedOrders: Nullable(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Flag a credit score below this. */
  minCreditScore: Nullable(Type.Integer({ minimum: 350, maximum: 950 })),
  /** Flag ID numbers issued in these provinces or cities (area code prefixes). */
  idRegions: Type.Array(AreaCode, { maxItems: 50, uniqueItems: true }),
});
export type RiskRules = Static<typeof RiskRules>;

export const RISK_FLAGS = [
  'minAge',
  'maxAge',
  'maxRelatedOrders',
  'minCreditScore',
  'idRegions',
] as const;
export type RiskFlagRule = (typeof RISK_FLAGS)[number];

export const RiskFlag = Type.Object({
  rule: Type.Union(RISK_FLAGS.map((rule) => Type.Literal(rule))),
  /** What was found against what the rule allows, in Chinese (the console shows it as is). */
  message: Type.String(),
});
export type RiskFlag = Static<typeof RiskFlag>;

export const RelatedOrder = Type.Object({
  id: Id,
  orderNo: Type.String(),
  status: Type.String(),
  statusText: Type.String(),
  goodsName: Type.String(),
  createdAt: Type.String(),
  /** What it shares with the order under review. */
  matchedBy: Type.Array(RiskMatch),
});
export type RelatedOrder = Static<typeof RelatedOrder>;

export const RiskReview = Type.Object({
  orderId: Id,
  platform: BrandId,
  status: Type.String(),
  credit: Type.Object({ score: Nullable(Type.Integer()), passed: Nullable(Type.Boolean()) }),
  identity: Type.Object({
    verified: Type.Boolean(),
    /** Masked (1101**********002X); the reveal route is audited. */
    idNumber: Nullable(Type.String()),
    age: Nullable(Type.Integer()),
    gender: Nullable(Type.String()),
    /** From the ID number's area code (its first digits): province and city. */
    region: Nullable(
      Type.Object({ code: Type.String(), province: Type.String(), city: Nullable(Type.String()) }),
    ),
  }),
  /** Masked (138****5678). */
  mobile: Type.String(),
  /** Province, city and district: the street stays off the first view. */
  address: Type.String(),
  /** Whether the order came with the storefront's device id (orders before 0040 did not). */
  deviceKnown: Type.Boolean(),
  relatedDays: Type.Integer(),
  related: Type.Array(RelatedOrder),
  relatedCounts: Type.Object({
    idNumber: Type.Integer(),
    mobile: Type.Integer(),
    address: Type.Integer(),
    device: Type.Integer(),
  }),
  flags: Type.Array(RiskFlag),
  /** The brand's rules the flags came from; null when the brand has set none. */
  rules: Nullable(RiskRules),
  /** The review's decision once made: who, when, and the reason given. */
  decision: Nullable(
    Type.Object({
      action: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
      by: Type.String(),
      reason: Type.String(),
      at: Type.String(),
    }),
  ),
});
export type RiskReview = Static<typeof RiskReview>;
export const GetRiskReviewReply = Envelope(RiskReview);

export const BrandRiskRules = Type.Object({
  platform: BrandId,
  rules: Nullable(RiskRules),
  updatedBy: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
});
export type BrandRiskRules = Static<typeof BrandRiskRules>;
export const ListRiskRulesReply = Envelope(Type.Object({ list: Type.Array(BrandRiskRules) }));

export const BrandParams = Type.Object({ id: BrandId });
export const UpdateRiskRulesBody = Type.Object({ rules: RiskRules, reason: FreeText(2, 200) });
export type UpdateRiskRulesBody = Static<typeof UpdateRiskRulesBody>;
export const UpdateRiskRulesReply = Envelope(BrandRiskRules);
