/**
 * The app as the benches serve it: production's schema compilation (every route's schemas at
 * start, so no measured request waits for a compile; the app's default outside production is on
 * first use) and no log output (the benches print their own figures).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/boot/app.ts';
import type { AppDeps } from '../src/boot/deps.ts';

export function buildBenchApp(deps: AppDeps): Promise<FastifyInstance> {
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  return buildApp(deps, { logStream: quiet, schemaCompilation: 'at-start' });
}
