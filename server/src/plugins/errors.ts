/** The one error type routes throw; the error handler turns it into an envelope. */
import { ResultCode, type Envelope } from '../../../contract/http.ts';
import { ALL_MESSAGES } from '../../../contract/i18n/index.ts';
import type { MessageKey } from '../../../contract/i18n/zh-Hans.ts';

export class ApiError extends Error {
  /** A refusal that passes with time (429): the seconds until it may succeed, sent as Retry-After. */
  retryAfterSeconds?: number;

  /** Envelope code (ResultCode). */
  readonly code: number;
  /** HTTP status; defaults to the code when it is an HTTP status, else 400. */
  readonly statusCode: number;
  /** Catalogue keys of the things a part of the message names (see `namedIn`). */
  readonly terms?: Record<string, string[]>;

  constructor(
    code: number,
    /** Message shown to the user as is, in Chinese. */
    message: string,
    statusCode: number = code >= 400 && code < 600 ? code : 400,
    terms?: Record<string, string[]>,
  ) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.terms = terms;
    this.name = 'ApiError';
  }
}

/**
 * A message part naming catalogue terms (checks, documents): their Chinese texts joined, for the
 * message, and the keys, for the envelope's `terms` (the storefront names them in its language).
 */
export function namedIn(keys: readonly MessageKey[]): { text: string; keys: MessageKey[] } {
  const chinese = ALL_MESSAGES['zh-Hans'];
  return { text: keys.map((key) => chinese[key]).join('、'), keys: [...keys] };
}

export const badRequest = (msg: string) => new ApiError(ResultCode.BAD_REQUEST, msg);
export const notFound = (msg = '记录不存在') => new ApiError(ResultCode.NOT_FOUND, msg);
export const conflict = (msg: string) => new ApiError(ResultCode.CONFLICT, msg);
/** 429; `retryAfterSeconds` (rounded up, at least 1) becomes the Retry-After header. */
export const tooMany = (msg: string, retryAfterSeconds?: number) =>
  Object.assign(new ApiError(ResultCode.TOO_MANY_REQUESTS, msg), {
    retryAfterSeconds:
      retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds)),
  });
export const unauthorized = (msg = '请先登录') => new ApiError(ResultCode.UNAUTHORIZED, msg, 401);

/** A success envelope. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ResultCode.OK, msg, data };
}
