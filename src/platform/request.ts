import {
  ClientErrorCode,
  HEADER_AUTHORIZATION,
  HEADER_CLIENT_AUTHORIZATION,
  HEADER_IDEMPOTENCY_KEY,
  HEADER_LANGUAGE,
  HEADER_PLATFORM,
  HEADER_TOKEN,
  HEADER_USER_TYPE,
  DEFAULT_LANGUAGE,
  ResultCode,
  SESSION_END_CODES,
  USER_TYPE_APP,
  type Envelope,
  type PlatformId,
} from '../../contract/http';
import {
  GET_MAX_RETRIES,
  NETWORK_TIMEOUT_MS,
  REQUEST_LOADING_DELAY_MS,
  RETRY_BACKOFF_MS,
} from '../constants';
import { getLanguage, t } from '../i18n';
import { localiseFailure } from '../i18n/server-errors';
import { apiUrl, clientAuthorization } from './config';
import { currentPageUrl, isLoginPage, loginPageUrl, reLaunch } from './navigation';
import { getPlatform, getToken, removeToken, removeUserInfo } from './storage';
import { transport as defaultTransport } from './transport';
import type {
  HttpMethod,
  Transport,
  TransportFailureKind,
  TransportResult,
  TransportTask,
} from './transport-types';
import { hideLoading, showLoading } from './ui';
import { randomHex128 } from './random';

export type { HttpMethod };

export interface RequestOptions {
  /** Path under the API base (`/api/...`), or an absolute URL. */
  url: string;
  /** Default POST. */
  method?: HttpMethod;
  /** JSON body, form fields, or (GET/HEAD) query parameters. */
  data?: unknown;
  header?: Record<string, string>;
  /** Default 60000 ms. */
  timeout?: number;
  /** A login call: adds the user-type header. */
  login?: boolean;
  /**
   * Marks a money operation: it carries this key in the idempotency header (the server replays
   * the first answer to a repeat) and is never retried. Make the key once per user intent
   * (`newIdempotencyKey()` when the pay screen opens), so a double tap sends the same one.
   */
  idempotencyKey?: string;
  /** GETs retry a dropped connection up to 2 times by default; set 0 to turn that off. */
  retries?: number;
  /** Show 请求中... when the call takes longer than 800 ms (the generic helper's behaviour). */
  loading?: boolean;
}

export interface UploadOptions {
  url: string;
  filePath: string;
  /** Multipart field name of the file, default `file`. */
  name?: string;
  formData?: Record<string, string>;
  header?: Record<string, string>;
  timeout?: number;
  loading?: boolean;
}

/** A pending call: a promise of the envelope that never rejects, plus a way to abort it. */
export interface RequestPromise<T> extends Promise<Envelope<T>> {
  abort(): void;
}

/** How the session ends when the server rejects the token; the default goes to the login page. */
export interface SessionEndNavigator {
  currentUrl(): string;
  reLaunch(url: string): void | Promise<void>;
}

export interface HttpClientOptions {
  transport?: Transport;
  navigator?: SessionEndNavigator;
}

type SessionEndListener = (platform: PlatformId) => void;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const JSON_CONTENT_TYPE = 'application/json';

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'msg' in value
  );
}

/** 128 random bits, hex; unique per user intent for the idempotency header. */
export function newIdempotencyKey(): string {
  return randomHex128();
}

function encodeForm(data: unknown): string {
  if (typeof data === 'string') return data;
  if (!data || typeof data !== 'object') return '';
  return Object.entries(data as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
    })
    .join('&');
}

function withQuery(url: string, data: unknown): string {
  const query = encodeForm(data);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function findHeader(header: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(header).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : header[key];
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  const text = data.trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return data;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Attempt {
  result: Promise<TransportResult>;
  abort(): void;
}

/**
 * Runs one transport task with the layer's own timeout and abort, so both behave the same on
 * every target whatever the native call does: the first of reply, timeout and abort wins.
 */
function runAttempt(start: () => TransportTask, timeout: number): Attempt {
  let finish: (result: TransportResult) => void = () => undefined;
  let task: TransportTask | undefined;
  let settled = false;
  const result = new Promise<TransportResult>((resolve) => {
    finish = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
  });
  const fail = (kind: TransportFailureKind, message: string) => {
    if (settled) return;
    finish({ ok: false, failure: { kind, message } });
    task?.abort();
  };
  const timer = setTimeout(() => fail('timeout', 'timeout'), timeout);
  try {
    task = start();
    task.result.then(
      (value) => {
        // A native abort we did not ask for is the target's own timer firing.
        if (!value.ok && value.failure.kind === 'abort')
          finish({ ...value, failure: { ...value.failure, kind: 'timeout' } });
        else finish(value);
      },
      (error: unknown) =>
        finish({ ok: false, failure: { kind: 'network', message: String(error) } }),
    );
  } catch (error) {
    finish({ ok: false, failure: { kind: 'network', message: String(error) } });
  }
  return { result, abort: () => fail('abort', 'abort') };
}

function baseHeaders(platform: PlatformId, extra?: Record<string, string>) {
  const token = getToken(platform);
  const header: Record<string, string> = { ...extra };
  if (token) {
    header[HEADER_TOKEN] = token;
    header[HEADER_AUTHORIZATION] = `Bearer ${token}`;
  }
  header[HEADER_CLIENT_AUTHORIZATION] = clientAuthorization();
  header[HEADER_PLATFORM] = String(platform);
  // Only when it is not the default, so a Chinese page's request stays the one index.html sent.
  const language = getLanguage();
  if (language !== DEFAULT_LANGUAGE) header[HEADER_LANGUAGE] = language;
  return header;
}

/** Turn whatever came back into the envelope the caller gets. */
function toEnvelope<T>(result: TransportResult, codes: Record<TransportFailureKind, number>) {
  if (!result.ok) {
    const data = parseBody(result.failure.data);
    // No message of our own: the screen decides what, if anything, to say.
    if (isEnvelope(data)) return localiseFailure(data as Envelope<T>);
    return { code: codes[result.failure.kind], msg: '', data: (data ?? null) as T };
  }
  const { statusCode } = result.response;
  const body = parseBody(result.response.data);
  if (isEnvelope(body)) return localiseFailure(body as Envelope<T>);
  // Not an envelope (a proxy's HTML page, an empty reply): keep the body, and report the HTTP
  // status when it is an error, else a network-class failure.
  const httpError = statusCode > 0 && (statusCode < 200 || statusCode >= 300);
  const code = httpError ? statusCode : codes.network;
  return { code, msg: '', data: body as T };
}

function withLoading<T>(promise: Promise<T>, enabled: boolean | undefined): Promise<T> {
  if (!enabled) return promise;
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    showLoading(t('request.loading'));
  }, REQUEST_LOADING_DELAY_MS);
  return promise.finally(() => {
    clearTimeout(timer);
    if (shown) hideLoading();
  });
}

/**
 * The URL and body of a call: reads carry their data in the query; writes as JSON unless the
 * caller's content type says form (the JSON content type is added when none is given).
 */
function encodeRequest(
  method: HttpMethod,
  path: string,
  header: Record<string, string>,
  data: unknown,
): { url: string; body: string | undefined } {
  const url = apiUrl(path);
  if (method === 'GET' || method === 'HEAD') return { url: withQuery(url, data), body: undefined };
  const contentType = findHeader(header, 'content-type');
  if (contentType === undefined) header['Content-Type'] = JSON_CONTENT_TYPE;
  if (contentType?.toLowerCase().includes(FORM_CONTENT_TYPE))
    return { url, body: encodeForm(data) };
  if (typeof data === 'string') return { url, body: data };
  return { url, body: data !== undefined ? JSON.stringify(data) : undefined };
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const transport = options.transport ?? defaultTransport;
  const navigator: SessionEndNavigator = options.navigator ?? {
    currentUrl: currentPageUrl,
    reLaunch,
  };
  const sessionEndListeners = new Set<SessionEndListener>();
  // One trip to the login page, however many calls fail together: set while the navigation is
  // under way; once it is done the login page is open, and calls failing there stay there.
  let sendingToLogin = false;

  /**
   * The server rejected the token this call carried. If the user has logged in again since the
   * call left, the rejection is about the old token: the new session stays.
   */
  function endSession(platform: PlatformId, sentToken: string | undefined): void {
    if (getToken(platform) !== sentToken) return;
    removeToken(platform);
    removeUserInfo();
    sessionEndListeners.forEach((listener) => listener(platform));
    if (sendingToLogin) return;
    const here = navigator.currentUrl();
    if (here && isLoginPage(here)) return;
    sendingToLogin = true;
    let navigation: Promise<unknown>;
    try {
      navigation = Promise.resolve(navigator.reLaunch(loginPageUrl(here)));
    } catch (error) {
      navigation = Promise.reject(error);
    }
    void navigation
      .catch(() => undefined)
      .then(() => {
        sendingToLogin = false;
      });
  }

  function request<T = unknown>(opts: RequestOptions): RequestPromise<T> {
    const method = (opts.method ?? 'POST').toUpperCase() as HttpMethod;
    const timeout = opts.timeout ?? NETWORK_TIMEOUT_MS;
    const platform = getPlatform();
    const sentToken = getToken(platform);
    const header = baseHeaders(platform, opts.header);
    if (opts.login) header[HEADER_USER_TYPE] = USER_TYPE_APP;
    if (opts.idempotencyKey) header[HEADER_IDEMPOTENCY_KEY] = opts.idempotencyKey;

    const { url, body } = encodeRequest(method, opts.url, header, opts.data);

    // Only reads retry by themselves; money operations never do.
    const retries =
      method === 'GET' && !opts.idempotencyKey
        ? Math.max(0, Math.min(opts.retries ?? GET_MAX_RETRIES, GET_MAX_RETRIES))
        : 0;

    let current: Attempt | undefined;
    let aborted = false;
    let wakeFromBackoff: (() => void) | undefined;

    const run = async (): Promise<Envelope<T>> => {
      for (let attempt = 0; ; attempt += 1) {
        current = runAttempt(
          () => transport.request({ url, method, header, body, timeout }),
          timeout,
        );
        if (aborted) current.abort();
        const result = await current.result;
        const networkFailure = !result.ok && result.failure.kind === 'network';
        if (networkFailure && attempt < retries && !aborted) {
          await Promise.race([
            delay(RETRY_BACKOFF_MS[Math.min(attempt, RETRY_BACKOFF_MS.length - 1)]),
            new Promise<void>((resolve) => (wakeFromBackoff = resolve)),
          ]);
          if (!aborted) continue;
        }
        const envelope = aborted
          ? { code: ClientErrorCode.ABORT, msg: '', data: null as T }
          : toEnvelope<T>(result, {
              timeout: ClientErrorCode.TIMEOUT,
              network: ClientErrorCode.NETWORK,
              abort: ClientErrorCode.ABORT,
            });
        if (SESSION_END_CODES.includes(envelope.code)) endSession(platform, sentToken);
        return envelope;
      }
    };

    const promise = withLoading(run(), opts.loading) as RequestPromise<T>;
    promise.abort = () => {
      aborted = true;
      current?.abort();
      wakeFromBackoff?.();
    };
    return promise;
  }

  function upload<T = unknown>(opts: UploadOptions): RequestPromise<T> {
    const platform = getPlatform();
    const sentToken = getToken(platform);
    const timeout = opts.timeout ?? NETWORK_TIMEOUT_MS;
    const attempt = runAttempt(
      () =>
        transport.upload({
          url: apiUrl(opts.url),
          header: baseHeaders(platform, opts.header),
          filePath: opts.filePath,
          name: opts.name ?? 'file',
          formData: opts.formData ?? {},
          timeout,
        }),
      timeout,
    );
    const run = attempt.result.then((result) => {
      const envelope = toEnvelope<T>(result, {
        timeout: ClientErrorCode.UPLOAD_TIMEOUT,
        network: ClientErrorCode.UPLOAD_NETWORK,
        abort: ClientErrorCode.UPLOAD_ABORT,
      });
      if (SESSION_END_CODES.includes(envelope.code)) endSession(platform, sentToken);
      return envelope;
    });
    const promise = withLoading(run, opts.loading) as RequestPromise<T>;
    promise.abort = attempt.abort;
    return promise;
  }

  return {
    request,
    upload,
    get: <T = unknown>(url: string, data?: unknown, extra?: Partial<RequestOptions>) =>
      request<T>({ ...extra, url, data, method: 'GET' }),
    post: <T = unknown>(url: string, data?: unknown, extra?: Partial<RequestOptions>) =>
      request<T>({ ...extra, url, data, method: 'POST' }),
    /** Called when a reply ends the session (token and user info are already cleared). */
    onSessionEnd(listener: SessionEndListener): () => void {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The one client every API module uses. */
export const http = createHttpClient();
export const { request, upload, get, post } = http;

export function isOk<T>(envelope: Envelope<T>): boolean {
  return envelope.code === ResultCode.OK;
}
