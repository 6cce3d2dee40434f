// engines: pglite (module loading: no database)
/**
 * The provider registry builds sandboxes without loading any provider SDK: a sandbox start-up
 * (what development, the tests and the single-process mode run) never imports alipay-sdk,
 * wechatpay-axios-plugin or Alibaba Cloud's SMS client. Runs a child process with a module hook
 * that records every package it resolves.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { onlyOn, REPO_ROOT } from './helpers.ts';

const SDKS = ['/alipay-sdk/', '/wechatpay-axios-plugin/', '/@alicloud/'];

/** Builds the providers from a sandbox configuration, then imports `after`; returns the packages resolved before and after. */
async function packagesLoaded(after: string): Promise<{ start: string[]; then: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-trace-'));
  const file = path.join(dir, 'resolved.txt');
  const src = (relative: string) => JSON.stringify(path.join(REPO_ROOT, 'server/src', relative));
  const script = `
    import { register } from 'node:module';
    import fs from 'node:fs';
    import { pathToFileURL } from 'node:url';
    register(pathToFileURL(${JSON.stringify(path.join(import.meta.dirname, 'module-trace.mjs'))}), {
      data: { file: ${JSON.stringify(file)} },
    });
    const { loadConfig } = await import(${src('boot/config.ts')});
    const { createProviders } = await import(${src('providers/index.ts')});
    const providers = await createProviders(loadConfig({}), {
      db: {}, jobs: {}, notifyBase: () => 'http://127.0.0.1:1',
    });
    providers.payments.forBrand(3);
    fs.appendFileSync(${JSON.stringify(file)}, '--- built\\n');
    await import(${src(after)});
  `;
  try {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const [start, then] = fs.readFileSync(file, 'utf8').split('--- built\n');
    const sdks = (text = '') => [...new Set(SDKS.filter((sdk) => text.includes(sdk)))].sort();
    return { start: sdks(start), then: sdks(then) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('provider registry', { skip: onlyOn('pglite') }, () => {
  test('a sandbox start loads no provider SDK; a live adapter module loads its SDK', async () => {
    const loaded = await packagesLoaded('providers/sms/live.ts');
    assert.deepEqual(loaded.start, [], 'SDKs loaded by the sandbox registry');
    // The hook does see SDKs: importing the live SMS adapter pulls Alibaba Cloud's client in.
    assert.deepEqual(loaded.then, ['/@alicloud/']);
  });
});
