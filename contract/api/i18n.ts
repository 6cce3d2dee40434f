/**
 * The storefront's dictionaries. Only Simplified Chinese is compiled into the app; the others
 * come from `GET /api/i18n/messages`, built from the same contract/i18n/*.ts files.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../http.ts';
import { Envelope } from './envelope.ts';

/** A dictionary's version: a hash of its content (also the reply's ETag). */
export const MessagesVersion = Type.String({ pattern: '^[0-9a-f]{8}$' });

export const MessagesQuery = Type.Object({
  language: Type.Union(LANGUAGES.map((code) => Type.Literal(code))),
  /**
   * The version the caller expects (the storefront's build knows it). When it is the current one
   * the reply is cached for a year; otherwise it is revalidated on every use.
   */
  v: Type.Optional(MessagesVersion),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

export const LanguagePack = Type.Object({
  language: Type.Union(LANGUAGES.map((code) => Type.Literal(code))),
  version: MessagesVersion,
  /** Message key → text with `{name}` placeholders. */
  messages: Type.Record(Type.String(), Type.String()),
});
export type LanguagePack = Static<typeof LanguagePack>;
export const MessagesReply = Envelope(LanguagePack);
export type MessagesReply = Static<typeof MessagesReply>;
