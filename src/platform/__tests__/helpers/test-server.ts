import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 for the request layer's tests. Paths choose the behaviour:
 *   /api/echo                 200 envelope echoing method, headers, query and body
 *   /api/status/<n>           HTTP <n> with envelope { code: n }
 *   /api/code/<c>             HTTP 200 with envelope { code: c }
 *   /api/html                 HTTP 502 with an HTML page
 *   /api/text                 HTTP 200 with plain text
 *   /api/empty                HTTP 204, no body
 *   /api/slow?ms=<n>[&code=<c>]  envelope (code c, default 200) after n ms
 *   /api/drop                 the socket is destroyed without a reply
 *   /api/flaky?key=<k>&fails=<n>  drops the first n calls per key, then answers
 *   /api/upload               multipart: replies with the fields and the file's name and size
 *   /fixture.png              a small file (the H5 upload reads its file over XHR)
 * Every reply carries CORS headers, because jsdom enforces CORS for the H5 transport.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  url: string;
  calls: RecordedCall[];
  /** How many calls reached a path (preflights excluded). */
  count(path: string): number;
  close(): Promise<void>;
}

export const FIXTURE_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string> = {};
  const files: { field: string; filename: string; size: number }[] = [];
  if (!boundary) return { fields, files };
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const text = body.toString('latin1');
  for (const part of text.split(marker).slice(1)) {
    if (part.startsWith('--')) break;
    const [rawHead, ...rest] = part.split('\r\n\r\n');
    const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(rawHead)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(rawHead)?.[1];
    if (filename !== undefined) {
      files.push({ field: name, filename, size: Buffer.from(content, 'latin1').length });
    } else {
      fields[name] = Buffer.from(content, 'latin1').toString('utf8');
    }
  }
  return { fields, files };
}

export async function startTestServer(): Promise<TestServer> {
  const calls: RecordedCall[] = [];
  const flaky = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? '*',
    );
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,PATCH');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      calls.push({
        method: req.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: raw.toString(),
      });
      const reply = (status: number, payload: unknown, type = 'application/json') => {
        res.statusCode = status;
        res.setHeader('Content-Type', type);
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const envelope = (
        code: number,
        data: unknown = null,
        msg = code === 200 ? 'ok' : `code ${code}`,
      ) => ({ code, msg, data });

      if (path === '/api/echo') {
        reply(
          200,
          envelope(200, {
            method: req.method,
            headers: req.headers,
            query: Object.fromEntries(url.searchParams),
            body: raw.toString(),
          }),
        );
      } else if (path.startsWith('/api/status/')) {
        const status = Number(path.split('/')[3]);
        reply(status, envelope(status, { from: 'status' }));
      } else if (path.startsWith('/api/code/')) {
        reply(200, envelope(Number(path.split('/')[3])));
      } else if (path === '/api/html') {
        reply(502, '<html><body>Bad Gateway</body></html>', 'text/html');
      } else if (path === '/api/text') {
        reply(200, 'plain words, not JSON', 'text/plain');
      } else if (path === '/api/empty') {
        res.statusCode = 204;
        res.end();
      } else if (path === '/api/slow') {
        const ms = Number(url.searchParams.get('ms') ?? 1000);
        const code = Number(url.searchParams.get('code') ?? 200);
        const timer = setTimeout(() => reply(200, envelope(code, { waited: ms })), ms);
        res.on('close', () => clearTimeout(timer));
      } else if (path === '/api/drop') {
        req.socket.destroy();
      } else if (path === '/api/flaky') {
        const key = url.searchParams.get('key') ?? '';
        const fails = Number(url.searchParams.get('fails') ?? 0);
        const seen = (flaky.get(key) ?? 0) + 1;
        flaky.set(key, seen);
        if (seen <= fails) req.socket.destroy();
        else reply(200, envelope(200, { attempt: seen }));
      } else if (path === '/api/upload') {
        const parsed = parseMultipart(raw, String(req.headers['content-type'] ?? ''));
        reply(200, envelope(200, { ...parsed, headers: req.headers }));
      } else if (path === '/fixture.png') {
        res.setHeader('Content-Type', 'image/png');
        res.end(FIXTURE_BYTES);
      } else {
        reply(404, envelope(404));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (path) => calls.filter((call) => call.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
