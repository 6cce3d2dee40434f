/** Reference data: dictionary entries by type, hot search keywords, express companies. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope.ts';

/**
 * Types in the demo data: goods_condition, term_unit, contact_relation, return_reason,
 * cancel_reason, complaint_type. An unknown type answers an empty list.
 */
export const DictionaryQuery = Type.Object({
  type: Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' }),
});
export type DictionaryQuery = Static<typeof DictionaryQuery>;
export const DictionaryItem = Type.Object({ label: Type.String(), value: Type.String() });
export type DictionaryItem = Static<typeof DictionaryItem>;
export const DictionaryReply = Envelope(Type.Array(DictionaryItem));
export type DictionaryReply = Static<typeof DictionaryReply>;

/** The brand's own keywords first, then every brand's. */
export const HotKeyReply = Envelope(Type.Array(Type.String()));
export type HotKeyReply = Static<typeof HotKeyReply>;

export const ExpressCompany = Type.Object({
  code: Type.String(),
  name: Type.String(),
  phone: Type.String(),
});
export type ExpressCompany = Static<typeof ExpressCompany>;
export const ExpressReply = Envelope(Type.Array(ExpressCompany));
export type ExpressReply = Static<typeof ExpressReply>;
