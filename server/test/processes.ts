/**
 * Real server and worker processes for the tests that need more than one process or a crash:
 * `main.ts` and `worker.ts` as production runs them, each with its own environment, on
 * PostgreSQL. Output is kept for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers.ts';
import { TEST_NODE_ARGS } from './node-args.ts';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export interface RunningServer extends RunningProcess {
  baseUrl: string;
  port: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function launch(entry: string, env: Record<string, string>): RunningProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  const child = spawn(process.execPath, [...TEST_NODE_ARGS, entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, H5_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `main.ts` on `port`, ready once `/health/live` answers. */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
): Promise<RunningServer> {
  const chosen = port ?? (await freePort());
  const running = launch('server/src/main.ts', { ...env, PORT: String(chosen), HOST: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (running.child.exitCode !== null || running.child.signalCode !== null)
      throw new Error(`server exited while starting:\n${running.output()}`);
    try {
      if ((await fetch(`${baseUrl}/health/live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      running.child.kill('SIGKILL');
      throw new Error(`server did not start in 60 s:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...running, baseUrl, port: chosen };
}

/** `worker.ts`, ready once it logs that it started. */
export async function startWorkerProcess(env: Record<string, string>): Promise<RunningProcess> {
  // Info: its start-up line is how this knows it is running.
  const running = launch('server/src/worker.ts', { ...env, LOG_LEVEL: 'info' });
  const deadline = Date.now() + 60_000;
  while (!running.output().includes('worker started')) {
    if (running.child.exitCode !== null) throw new Error(`worker exited:\n${running.output()}`);
    if (Date.now() > deadline) {
      running.child.kill('SIGKILL');
      throw new Error(`worker did not start in 60 s:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return running;
}

/** Polls `check` until it holds (or fails after `ms`, with `what` in the message). */
export async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
