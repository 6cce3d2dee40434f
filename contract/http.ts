/**
 * The wire contract between the storefront and the API server: header names, the reply envelope
 * and the result codes. Plain constants and types only — no runtime dependency — so the
 * storefront can import it without pulling anything into the mini-program bundle.
 */

/** Session token header (the token is also sent as `Authorization: Bearer <token>`). */
export const HEADER_TOKEN = 'token';
export const HEADER_AUTHORIZATION = 'Authorization';
/** Fixed client credential every copy of the app sends: `Basic base64(clientId:clientSecret)`. */
export const HEADER_CLIENT_AUTHORIZATION = 'X-Client-Authorization';
/** Active brand, 1-9. Required on every API call. */
export const HEADER_PLATFORM = 'X-Platform';
/** Sent as `app` on login calls only. */
export const HEADER_USER_TYPE = 'X-User-Type';
export const USER_TYPE_APP = 'app';
/**
 * The user's language when it is not zh-Hans (one of LANGUAGES): what the server writes itself
 * (categories, questions, reasons, …) comes in it. Without it, Simplified Chinese. Not
 * Accept-Language: a browser sends its own on every request, which would pick the browser's
 * language over the one the user chose in the app.
 */
export const HEADER_LANGUAGE = 'X-Language';
/** Client submissions of money operations carry one; the server replays the first answer. */
export const HEADER_IDEMPOTENCY_KEY = 'Idempotency-Key';

export const DEFAULT_CLIENT_ID = 'storefront';
export const DEFAULT_CLIENT_SECRET = 'storefront';

export const PLATFORM_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];
export const DEFAULT_PLATFORM: PlatformId = 1;

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9;
}

/** Every reply, success or failure, has this shape; `data` is null on failure. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** On failure: the stable code (a key of ERROR_MESSAGES in ./errors.ts), to translate by. */
  reason?: string;
  /** On failure: the parts of the message (field names, limits), for the translation. */
  params?: Record<string, string>;
  /**
   * On failure: for a part that names things the catalogues know (verification checks, policy
   * documents), the catalogue keys of those things, so the part reads in the user's language too.
   */
  terms?: Record<string, string[]>;
}

export const ResultCode = {
  OK: 200,
  BAD_REQUEST: 400,
  /** Missing or invalid token (also: token of another brand). */
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  TOKEN_EXPIRED: 60001,
  /** Logged out, or logged in elsewhere. */
  TOKEN_REVOKED: 60002,
  /** A step that needs a consent the user has not given (HTTP 403); msg names the consent. */
  CONSENT_REQUIRED: 60010,
} as const;

/** Codes after which the storefront clears the session and sends the user to log in. */
export const SESSION_END_CODES: readonly number[] = [
  ResultCode.UNAUTHORIZED,
  ResultCode.TOKEN_EXPIRED,
  ResultCode.TOKEN_REVOKED,
];

/** Client-side codes the request layer reports when no server reply arrived. */
export const ClientErrorCode = {
  TIMEOUT: 5,
  NETWORK: 5,
  ABORT: 600003,
  UPLOAD_NETWORK: 602001,
  UPLOAD_ABORT: 600003,
  UPLOAD_TIMEOUT: 5,
} as const;

/** A page of a list. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The storefront's languages; zh-Hans is the default and the only one compiled into the app. */
export const LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-Hans';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
