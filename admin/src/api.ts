/**
 * The console's calls to /admin/api: the session cookie goes by itself (Path=/admin); every
 * state-changing call also sends the session's CSRF token. A refusal throws the server's message.
 */
import { HEADER_CSRF, HEADER_IDEMPOTENCY_KEY } from '../../contract/admin/index.ts';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

type Query = Record<string, string | number | undefined>;

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; idempotencyKey?: string } = {},
): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const headers: Record<string, string> = {};
  const hasBody = method === 'POST' || method === 'PUT';
  if (method !== 'GET') {
    if (hasBody) headers['content-type'] = 'application/json';
    if (csrfToken) headers[HEADER_CSRF] = csrfToken;
    if (options.idempotencyKey) headers[HEADER_IDEMPOTENCY_KEY] = options.idempotencyKey;
  }
  const query = search.toString();
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
    });
  } catch {
    throw new ApiFailure(0, '网络连接失败，请稍后再试');
  }
  let envelope: { code?: number; msg?: string; data?: unknown } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // not JSON: a proxy's page; the status says enough
  }
  if (!response.ok || envelope.code !== 200) {
    throw new ApiFailure(response.status, envelope.msg || `请求失败 (${response.status})`);
  }
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) =>
    call<T>('POST', path, { body, idempotencyKey }),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, { body }),
  delete: <T>(path: string) => call<T>('DELETE', path),
};
