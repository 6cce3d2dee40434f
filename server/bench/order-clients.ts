/**
 * The benchmark's users, in a worker thread of their own (server/bench/orders.ts starts it): in
 * production they are phones, so their HTTP work must not take the server thread's time. Each
 * user places and pays one order after another over keep-alive HTTP. Two steps are not the
 * storefront's and go to the main thread: the contract signature (the e-sign provider applies the
 * state machine's `sign` there) and reading an order's state while a notification is awaited.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

export interface ClientsSetup {
  base: string;
  headers: Record<string, string>;
  users: { token: string; addressId: number }[];
  plan: { id: number; goods_id: number; sku_id: number };
  /** PostgreSQL: the clients read an order's state over a connection of their own, off the server's thread. */
  databaseUrl?: string;
}

/** Main thread → clients. */
export type ToClients =
  /** Begin; no user starts another order after `deadline` (epoch ms). */
  | { kind: 'start'; deadline: number }
  /** A provider notification was answered (its transaction committed), for this trade/request number. */
  | { kind: 'answered'; number: string | undefined }
  | { kind: 'reply'; id: number; value: unknown; error?: string };

/** Clients → main thread. */
export type FromClients =
  /** Loaded (the clock starts after this). */
  | { kind: 'ready' }
  | { kind: 'ask'; id: number; what: 'sign' | 'status'; arg: number }
  | {
      kind: 'done';
      latencies: number[];
      /**
       * The latencies of every order but each user's first: the first round meets a cold server
       * (connections opened, code compiled) and alone makes the p99 of a short run.
       */
      warmLatencies: number[];
      stepTimes: Record<string, number[]>;
      failures: number;
      errors: string[];
      /** Statements the clients sent on their own connection. */
      statusReads: number;
    };

if (parentPort) void runClients(workerData as ClientsSetup);

async function runClients(setup: ClientsSetup) {
  const port = parentPort!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: setup.users.length * 2 });
  const base = new URL(setup.base);
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  // Who waits for the notification of which trade or request number.
  const answerListeners = new Map<string, () => void>();
  let asked = 0;
  let start = (_deadline: number) => {};
  const started = new Promise<number>((resolve) => {
    start = resolve;
  });
  port.on('message', (message: ToClients) => {
    if (message.kind === 'start') {
      start(message.deadline);
      return;
    }
    if (message.kind === 'answered') {
      if (message.number !== undefined) answerListeners.get(message.number)?.();
      return;
    }
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) pending?.reject(new Error(message.error));
    else pending?.resolve(message.value);
  });
  const ask = <T>(what: 'sign' | 'status', arg: number) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage({ kind: 'ask', id, what, arg } satisfies FromClients);
    });

  /** One request; resolves to the status code and the body read as text. */
  const request = (method: 'POST', url: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path: url,
          agent,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });

  const post = async <T>(token: string, url: string, body: unknown): Promise<T> => {
    const { text } = await request('POST', url, { ...setup.headers, token }, JSON.stringify(body));
    const reply = JSON.parse(text) as { code: number; msg: string; data: T };
    if (reply.code !== 200) throw new Error(`${url}: ${reply.code} ${reply.msg}`);
    return reply.data;
  };

  let statusReads = 0;
  // A small pool: the flows' reads are concurrent, a single connection would queue them.
  const database = setup.databaseUrl
    ? new pg.Pool({ connectionString: setup.databaseUrl, max: 2 })
    : undefined;
  const statusOf = async (orderId: number): Promise<string> => {
    if (!database) return ask<string>('status', orderId);
    statusReads++;
    const { rows } = await database.query<{ status: string }>({
      name: 'bench-order-status',
      text: 'select status from orders where id = $1',
      values: [orderId],
    });
    return rows[0]?.status ?? '';
  };

  // The order is read when the notification for the flow's own number has been answered (or
  // every 250 ms at the latest), not in a loop: polling would take the server's statements and
  // connections (and when every answer woke every flow, the waits were 10 statements per order).
  const nextAnswer = (number: string) => {
    let stop = () => {};
    const answer = new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        answerListeners.delete(number);
        resolve();
      };
      const timer = setTimeout(wake, 250);
      answerListeners.set(number, wake);
      stop = wake;
    });
    return { answer, stop };
  };
  const waitFor = async (orderId: number, status: string, number: string) => {
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      // Listening before the read: an answer that comes during it is not missed.
      const next = nextAnswer(number);
      if ((await statusOf(orderId)) === status) {
        next.stop();
        return;
      }
      await next.answer;
    }
    throw new Error(`order ${orderId} never reached ${status}`);
  };

  const latencies: number[] = [];
  const warmLatencies: number[] = [];
  const stepTimes: Record<string, number[]> = {};
  const errors: string[] = [];
  let failures = 0;
  const { plan } = setup;
  port.postMessage({ kind: 'ready' } satisfies FromClients);
  const deadline = await started;
  await Promise.all(
    setup.users.map(async (user) => {
      let first = true;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        let mark = t0;
        // Where a flow's time goes, step by step (printed with the totals).
        const step = (name: string) => {
          const now = performance.now();
          (stepTimes[name] ??= []).push(now - mark);
          mark = now;
        };
        try {
          const { id } = await post<{ id: number }>(user.token, '/api/order/place', {
            goodsId: plan.goods_id,
            skuId: plan.sku_id,
            planId: plan.id,
            addressId: user.addressId,
          });
          step('place');
          await post(user.token, '/api/order/confirm', { orderId: id });
          step('confirm');
          await ask('sign', id);
          step('sign');
          const freeze = await post<{ outRequestNo: string }>(user.token, '/api/order/refreeze', {
            orderId: id,
          });
          step('refreeze');
          await waitFor(id, 'PENDING_PAY', freeze.outRequestNo);
          step('freeze notified');
          const pay = await post<{ outTradeNo: string; cashierUrl: string }>(
            user.token,
            '/api/order/pay',
            { orderId: id },
          );
          step('pay');
          // The sandbox cashier's link, signed for this payment: its pay button posts here.
          const cashierUrl = new URL(pay.cashierUrl, setup.base);
          const paid = await request('POST', `${cashierUrl.pathname}/pay${cashierUrl.search}`, {});
          if (paid.status !== 303) throw new Error(`cashier ${paid.status}`);
          step('cashier');
          await waitFor(id, 'PENDING_REVIEW', pay.outTradeNo);
          step('payment notified');
          latencies.push(performance.now() - t0);
          if (!first) warmLatencies.push(performance.now() - t0);
        } catch (error) {
          failures++;
          if (errors.length < 5) errors.push(String(error));
        }
        first = false;
      }
    }),
  );
  agent.destroy();
  await database?.end();
  port.postMessage({
    kind: 'done',
    latencies,
    warmLatencies,
    stepTimes,
    failures,
    errors,
    statusReads,
  } satisfies FromClients);
}
