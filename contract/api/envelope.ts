/**
 * Schema building blocks every `contract/api/<domain>.ts` uses: the reply envelope, pages and the
 * common field formats. The server validates with these; the storefront imports types only.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `{ code, msg, data }` with `data` of the given shape (success replies). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/** The failure envelope: data is always null. */
export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
  /** The stable code (contract/errors.ts) and the message's parts. */
  reason: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Catalogue keys of the things a part names (see `Envelope.terms` in ../http.ts). */
  terms: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A page of a list (see `Page<T>` in `../http.ts`). */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  });

/** Mainland mobile number: 11 digits starting 1[3-9]. */
export const Mobile = Type.String({ pattern: '^1[3-9][0-9]{9}$' });
/** A row id as the server issues them (positive int4). */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An id in a URL path, e.g. `/api/user/userAddress/{id}`. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/**
 * Free text (names, address detail, feedback): stored and returned exactly as sent. Refused: NUL
 * and unpaired surrogates, which the database cannot store unchanged, and a leading U+FEFF, which
 * PGlite's text decoder drops on the way back.
 */
export const FreeText = (minLength: number, maxLength: number) =>
  Type.String({ minLength, maxLength, pattern: '^(?!\\uFEFF)[^\\u0000\\uD800-\\uDFFF]*$' });

/** Paging in a query string; pageNum from 1, pageSize 1-50. */
export const PageQuery = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
};
