/**
 * Operations CLI: drives orders through the merchant's steps and runs the scheduled jobs, over
 * the server's ops API with its own credential.
 *
 *   npm run ops -- approve 12            (npm start's own credential, or OPS_TOKEN=…)
 *   npm run ops -- ship 12 --waybill SF1234567890
 *   npm run ops -- inspect 12 --damage 5000
 *   npm run ops -- show 12
 *   npm run ops -- run-jobs --at 2026-12-01T00:00:00Z   (development and test servers only)
 *   npm run ops -- reconcile --after 0      settle everything pending by asking the providers
 *
 * Steps: approve, reject, ship, deliver, receive-return, inspect, approve-cancel, refuse-cancel,
 * compensate. OPS_URL is the server (http://127.0.0.1:8080 by default). The credential is
 * OPS_TOKEN, or else the one a development server (`npm start`) keeps in DATA_DIR/ops-token.
 * Every credential acts as a staff account, with its role and brands (403 past them), and each
 * step is in the audit log under that account: `npm run admin -- create-ops-token --login NAME`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const STEPS = [
  'approve',
  'reject',
  'ship',
  'deliver',
  'receive-return',
  'inspect',
  'approve-cancel',
  'refuse-cancel',
  'compensate',
] as const;

const USAGE = `usage: npm run ops -- <${STEPS.join('|')}> <orderId> [--waybill W] [--damage FEN] [--note TEXT]
       npm run ops -- show <orderId>
       npm run ops -- run-jobs [--at ISO-TIME (development and test only)]
       npm run ops -- reconcile [--after SECONDS]
environment: OPS_TOKEN (default: DATA_DIR/ops-token, which npm start writes; npm run admin --
create-ops-token makes one for a staff account), OPS_URL (default http://127.0.0.1:8080), DATA_DIR
(default ./data)`;

/** OPS_TOKEN, or the development server's own credential in DATA_DIR (server/src/ops/credentials.ts). */
function opsToken(): string | undefined {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = path.resolve(process.env.DATA_DIR || './data', 'ops-token');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope> {
  const base = process.env.OPS_URL ?? 'http://127.0.0.1:8080';
  const token = opsToken();
  if (!token)
    throw new Error(
      'OPS_TOKEN is not set, and there is no DATA_DIR/ops-token (npm start writes one)',
    );
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      'x-ops-token': token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      waybill: { type: 'string' },
      damage: { type: 'string' },
      note: { type: 'string' },
      at: { type: 'string' },
      after: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, id] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  let reply: Envelope;
  if (command === 'run-jobs') {
    reply = await call('POST', '/ops/jobs/run', values.at ? { at: values.at } : {});
  } else if (command === 'reconcile') {
    if (values.after !== undefined && !/^\d+$/.test(values.after)) {
      process.stderr.write(`--after takes whole seconds\n${USAGE}\n`);
      return 2;
    }
    reply = await call(
      'POST',
      '/ops/jobs/reconcile',
      values.after !== undefined ? { olderThanSeconds: Number(values.after) } : {},
    );
  } else {
    if (!id || !/^\d+$/.test(id)) {
      process.stderr.write(`order id missing\n${USAGE}\n`);
      return 2;
    }
    if (command === 'show') reply = await call('GET', `/ops/orders/${id}`);
    else if ((STEPS as readonly string[]).includes(command)) {
      const body: Record<string, unknown> = {};
      if (values.waybill) body.waybill = values.waybill;
      if (values.damage) body.damage = Number(values.damage);
      if (values.note) body.note = values.note;
      reply = await call('POST', `/ops/orders/${id}/${command}`, body);
    } else {
      process.stderr.write(`unknown command ${command}\n${USAGE}\n`);
      return 2;
    }
  }
  process.stdout.write(`${JSON.stringify(reply.data ?? reply, null, 2)}\n`);
  if (reply.code !== 200) {
    process.stderr.write(`${reply.code} ${reply.msg}\n`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
