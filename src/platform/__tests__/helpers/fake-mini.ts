import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * Stand-ins for the `wx` and `my` network primitives that do real HTTP with Node, and report
 * results the way each base library documents: wx hands every HTTP status to `success`;
 * my.request fails non-2xx statuses with error 19 (body attached), timeouts with 13, network
 * errors with 12, and a non-JSON body under dataType 'json' with 14.
 */

type Outcome =
  | { kind: 'response'; status: number; headers: Record<string, string>; text: string }
  | { kind: 'timeout' | 'abort' | 'network'; message: string };

function nodeRequest(options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  timeout?: number;
}): { outcome: Promise<Outcome>; abort(): void } {
  let abort: () => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => {
    let done = false;
    const finish = (value: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const req = http.request(
      options.url,
      { method: options.method, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          finish({
            kind: 'response',
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [
                k,
                Array.isArray(v) ? v.join(', ') : String(v),
              ]),
            ),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) => finish({ kind: 'network', message: error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', message: 'timeout' });
      req.destroy();
    }, options.timeout ?? 60000);
    req.on('error', (error) => finish({ kind: 'network', message: error.message }));
    abort = () => {
      finish({ kind: 'abort', message: 'abort' });
      req.destroy();
    };
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
  return { outcome, abort: () => abort() };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function multipart(fields: Record<string, string>, fileField: string, filePath: string) {
  const boundary = `----fake${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${path.basename(filePath)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    fs.readFileSync(filePath),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Callback<T> = ((value: T) => void) | undefined;

export interface FakeCallLog {
  requests: { url: string; method: string; header: Record<string, string>; data?: string }[];
}

export function createFakeWx(log: FakeCallLog = { requests: [] }) {
  return {
    log,
    request(options: {
      url: string;
      method?: string;
      header?: Record<string, string>;
      data?: string;
      timeout?: number;
      dataType?: string;
      success?: Callback<{
        data: unknown;
        statusCode: number;
        header: Record<string, string>;
        errMsg: string;
      }>;
      fail?: Callback<{ errMsg: string }>;
    }) {
      log.requests.push({
        url: options.url,
        method: options.method ?? 'GET',
        header: options.header ?? {},
        data: options.data,
      });
      const task = nodeRequest({
        url: options.url,
        method: options.method ?? 'GET',
        headers: options.header ?? {},
        body: options.data,
        timeout: options.timeout,
      });
      void task.outcome.then((outcome) => {
        if (outcome.kind === 'response') {
          const parsed =
            options.dataType === 'json' || options.dataType === undefined
              ? parseJson(outcome.text)
              : { ok: false as const };
          options.success?.({
            data: parsed.ok ? parsed.value : outcome.text,
            statusCode: outcome.status,
            header: outcome.headers,
            errMsg: 'request:ok',
          });
        } else {
          options.fail?.({ errMsg: `request:fail ${outcome.message}` });
        }
      });
      return { abort: task.abort };
    },
    uploadFile(options: {
      url: string;
      filePath: string;
      name: string;
      header?: Record<string, string>;
      formData?: Record<string, string>;
      timeout?: number;
      success?: Callback<{ data: string; statusCode: number; errMsg: string }>;
      fail?: Callback<{ errMsg: string }>;
    }) {
      let form: ReturnType<typeof multipart>;
      try {
        form = multipart(options.formData ?? {}, options.name, options.filePath);
      } catch (error) {
        setTimeout(
          () => options.fail?.({ errMsg: `uploadFile:fail ${(error as Error).message}` }),
          0,
        );
        return { abort: () => undefined };
      }
      const task = nodeRequest({
        url: options.url,
        method: 'POST',
        headers: { ...options.header, 'Content-Type': form.contentType },
        body: form.body,
        timeout: options.timeout,
      });
      void task.outcome.then((outcome) => {
        if (outcome.kind === 'response') {
          options.success?.({
            data: outcome.text,
            statusCode: outcome.status,
            errMsg: 'uploadFile:ok',
          });
        } else {
          options.fail?.({ errMsg: `uploadFile:fail ${outcome.message}` });
        }
      });
      return { abort: task.abort };
    },
  };
}

export function createFakeMy(log: FakeCallLog = { requests: [] }) {
  type MyFail = Callback<{
    error: number;
    errorMessage: string;
    status?: number;
    data?: unknown;
    headers?: Record<string, string>;
  }>;
  const failOutcome = (outcome: Exclude<Outcome, { kind: 'response' }>, fail: MyFail) => {
    if (outcome.kind === 'timeout') fail?.({ error: 13, errorMessage: '请求超时' });
    else if (outcome.kind === 'abort') fail?.({ error: 9, errorMessage: 'request aborted' });
    else fail?.({ error: 12, errorMessage: '网络出错' });
  };
  return {
    log,
    request(options: {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      header?: Record<string, string>;
      data?: string;
      timeout?: number;
      dataType?: string;
      success?: Callback<{ data: unknown; status: number; headers: Record<string, string> }>;
      fail?: MyFail;
    }) {
      // The real my.request reads `headers`; a `header` option is ignored.
      const headers = options.headers ?? {};
      log.requests.push({
        url: options.url,
        method: options.method ?? 'GET',
        header: headers,
        data: options.data,
      });
      const task = nodeRequest({
        url: options.url,
        method: options.method ?? 'GET',
        headers,
        body: options.data,
        timeout: options.timeout,
      });
      void task.outcome.then((outcome) => {
        if (outcome.kind !== 'response') {
          failOutcome(outcome, options.fail);
          return;
        }
        const wantsJson = options.dataType === undefined || options.dataType === 'json';
        const parsed = parseJson(outcome.text);
        const data = wantsJson && parsed.ok ? parsed.value : outcome.text;
        if (outcome.status < 200 || outcome.status >= 300) {
          options.fail?.({
            error: 19,
            errorMessage: 'http status error',
            status: outcome.status,
            data,
            headers: outcome.headers,
          });
        } else if (wantsJson && !parsed.ok) {
          options.fail?.({ error: 14, errorMessage: 'JSON parse error' });
        } else {
          options.success?.({ data, status: outcome.status, headers: outcome.headers });
        }
      });
      return { abort: task.abort };
    },
    uploadFile(options: {
      url: string;
      filePath: string;
      fileName: string;
      fileType: string;
      header?: Record<string, string>;
      formData?: Record<string, string>;
      timeout?: number;
      success?: Callback<{ data: string; statusCode: number; header: Record<string, string> }>;
      fail?: MyFail;
    }) {
      const form = multipart(options.formData ?? {}, options.fileName, options.filePath);
      const task = nodeRequest({
        url: options.url,
        method: 'POST',
        headers: { ...options.header, 'Content-Type': form.contentType },
        body: form.body,
        timeout: options.timeout,
      });
      void task.outcome.then((outcome) => {
        if (outcome.kind === 'response') {
          options.success?.({
            data: outcome.text,
            statusCode: outcome.status,
            header: outcome.headers,
          });
        } else {
          failOutcome(outcome, options.fail);
        }
      });
      return { abort: task.abort };
    },
  };
}
