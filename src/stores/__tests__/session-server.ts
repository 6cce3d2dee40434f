import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real server for the session tests: the login and user-info routes as the API answers
 * them. SMS code 123456 logs in with token `good`; 000000 logs in with a token whose user info
 * fails; anything else is refused with the server's message.
 */
export interface SessionServer {
  url: string;
  logins: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startSessionServer(): Promise<SessionServer> {
  const logins: SessionServer['logins'] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? '*',
    );
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (body: unknown) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (path.startsWith('/api/login/')) {
        const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
        logins.push({ body, headers: req.headers });
        const code = body.code ?? body.smsCode;
        if (code === '123456' || code === 'auth-code-ok')
          send({ code: 200, msg: 'ok', data: { token: 'good' } });
        else if (code === '000000') send({ code: 200, msg: 'ok', data: { token: 'no-info' } });
        else send({ code: 400, msg: '验证码错误', data: null });
      } else if (path === '/api/user/info') {
        if (req.headers.token === 'good')
          send({ code: 200, msg: 'ok', data: { nickName: '小李', mobile: '13800000000' } });
        else if (req.headers.token === 'no-info')
          send({ code: 500, msg: '用户信息获取失败', data: null });
        else send({ code: 401, msg: '请先登录', data: null });
      } else {
        res.statusCode = 404;
        send({ code: 404, msg: 'not found', data: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
