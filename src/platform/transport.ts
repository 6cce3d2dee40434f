import { pickedName } from './picked-files';
import type {
  Transport,
  TransportFailureKind,
  TransportResult,
  TransportTask,
} from './transport-types';

/**
 * The default transport, used on H5: the browser's XMLHttpRequest. The mini-programs use
 * `transport.weapp.ts` / `transport.alipay.ts` instead.
 *
 * NOTE(h5): not Taro.request/uploadFile: those bring fetch, AbortController and JSONP polyfills
 * (~9 KB gzip) onto the first route for browsers that all have XMLHttpRequest, which also gives
 * timeouts, abort and multipart uploads natively.
 */

function parseHeaders(raw: string): Record<string, string> {
  const header: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) header[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return header;
}

/** A finished XMLHttpRequest as the request layer takes it (any HTTP status is a reply). */
function replyOf(xhr: XMLHttpRequest): TransportResult {
  return {
    ok: true,
    response: {
      statusCode: xhr.status,
      // Text, parsed by the request layer: a non-JSON body must reach the caller, not throw.
      data: xhr.responseText,
      header: parseHeaders(xhr.getAllResponseHeaders()),
    },
  };
}

/** The request index.html's start-up script sent for the opened route (src/index.html). */
interface StartUpRequest {
  url: string;
  header: Record<string, string>;
  /** Settles when the request has finished, whichever way. */
  reply: Promise<XMLHttpRequest>;
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const lower = (header: Record<string, string>) =>
    Object.entries(header)
      .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
      .sort()
      .join('\n');
  return lower(a) === lower(b);
}

/**
 * NOTE(h5): index.html asks for the opened page's first data (classify's goods) and a logged-in
 * user's consents beside the app's scripts, not after them (scripts/h5-index.ts says which). The
 * page's own identical request, the same URL with the same headers (brand, session), takes that
 * reply instead of sending again; anything else, or a second time, goes to the network.
 */
function takeStartUpRequest(
  method: string,
  url: string,
  header: Record<string, string>,
): StartUpRequest | undefined {
  const shell = (window as { __appShell?: { requests?: StartUpRequest[] } }).__appShell;
  const early = shell?.requests;
  if (!early || method !== 'GET') return undefined;
  const at = early.findIndex(
    (request) => request.url === url && sameHeaders(request.header, header),
  );
  return at === -1 ? undefined : early.splice(at, 1)[0];
}

/**
 * The start-up script's request as a task: its reply when it comes, an abort meanwhile.
 *
 * NOTE(h5): the reply is handed over in a task of its own, as one from the network would be. The
 * page asks from an effect, by when the reply has mostly arrived; settled straight away, the page
 * drew everything it brings in that effect's task (product detail: 12.7 ms of CPU in one task).
 */
function startUpTask(early: StartUpRequest, method: string, url: string): TransportTask {
  let settle: (result: TransportResult) => void = () => undefined;
  const result = new Promise<TransportResult>((resolve) => (settle = resolve));
  void early.reply.then((xhr) =>
    setTimeout(() =>
      settle(
        xhr.status > 0
          ? replyOf(xhr)
          : { ok: false, failure: { kind: 'network', message: `${method} ${url}: network error` } },
      ),
    ),
  );
  return {
    result,
    abort: () =>
      settle({ ok: false, failure: { kind: 'abort', message: `${method} ${url}: abort` } }),
  };
}

/**
 * Runs one XMLHttpRequest to completion. `prepare` may be asynchronous (an upload first reads
 * the picked file); an abort before it finishes still settles the task as aborted.
 */
function send(
  method: string,
  url: string,
  header: Record<string, string>,
  timeout: number,
  body: () => Promise<XMLHttpRequestBodyInit | undefined>,
): TransportTask {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  let settle: (result: TransportResult) => void = () => undefined;
  const result = new Promise<TransportResult>((resolve) => {
    let settled = false;
    settle = (value) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
  });
  const fail = (kind: TransportFailureKind, message: string) =>
    settle({ ok: false, failure: { kind, message } });

  xhr.onload = () => settle(replyOf(xhr));
  xhr.ontimeout = () => fail('timeout', `${method} ${url}: timeout`);
  xhr.onabort = () => fail('abort', `${method} ${url}: abort`);
  xhr.onerror = () => fail('network', `${method} ${url}: network error`);

  body().then(
    (payload) => {
      if (aborted) return;
      xhr.open(method, url);
      xhr.timeout = timeout;
      for (const [name, value] of Object.entries(header)) xhr.setRequestHeader(name, value);
      xhr.send(payload ?? null);
    },
    (error: unknown) => fail('network', `${method} ${url}: ${String(error)}`),
  );

  return {
    result,
    abort: () => {
      aborted = true;
      if (xhr.readyState !== XMLHttpRequest.UNSENT) xhr.abort();
      fail('abort', `${method} ${url}: abort`);
    },
  };
}

/** The picked file: on H5 a chooser gives a blob: (or plain) URL to read back. */
function readFile(filePath: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', filePath);
    xhr.responseType = 'blob';
    xhr.onload = () =>
      xhr.status === 0 || (xhr.status >= 200 && xhr.status < 300)
        ? resolve(xhr.response as Blob)
        : reject(new Error(`file ${xhr.status}`));
    xhr.onerror = () => reject(new Error('file unreadable'));
    xhr.send();
  });
}

export const transport: Transport = {
  request(request) {
    const early = takeStartUpRequest(request.method, request.url, request.header);
    if (early) return startUpTask(early, request.method, request.url);
    return send(request.method, request.url, request.header, request.timeout, () =>
      Promise.resolve(request.body),
    );
  },

  upload(request) {
    // The browser writes the multipart boundary itself: no Content-Type header of ours.
    const header = Object.fromEntries(
      Object.entries(request.header).filter(([name]) => name.toLowerCase() !== 'content-type'),
    );
    return send('POST', request.url, header, request.timeout, async () => {
      const file = await readFile(request.filePath);
      const form = new FormData();
      for (const [name, value] of Object.entries(request.formData)) form.append(name, value);
      const fileName =
        pickedName(request.filePath) ??
        request.filePath.split(/[/?#]/).filter(Boolean).pop() ??
        'upload';
      form.append(request.name, file, fileName);
      return form;
    });
  },
};
