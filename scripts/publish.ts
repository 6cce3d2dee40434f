/**
 * Publishes the brands' mini-programs to WeChat and Alipay (README "Ops: publishing").
 *
 *   npm run publish -- --target weapp|alipay|all --brand N|N,M|all [--version X.Y.Z] [--desc "..."]
 *                      [--dry-run] [--preview] [--experience]
 *
 * Builds the artifacts (scripts/build.ts recompiles only when sources changed, then stamps each
 * brand), checks each against the store's limits, then uploads it with the vendor's tool; a dry
 * run runs WeChat's own compiler on each WeChat artifact instead. Prints a table of every brand ×
 * platform and the domains each app's console must list, and writes them to dist/publish/;
 * exits 1 when any row failed, after trying the rest.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { MiniTarget } from './artifact-checks';
import { parsePublishArgs, UsageError, USAGE, VERSION_PATTERN } from './publish/args';
import { publish, type PublishRequest } from './publish/run';
import { formatDomainTables, formatResultTable, summarize } from './publish/table';
import { alipayClient, weappClient } from './publish/vendors';

const root = path.resolve(__dirname, '..');
// The same output folder as scripts/build.ts.
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const outDir = path.join(dist, 'publish');

function packageVersion(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (!VERSION_PATTERN.test(version))
    throw new UsageError(`package.json's version ${version} is not X.Y.Z: pass --version`);
  return version;
}

function lastCommitSubject(): string | undefined {
  try {
    const subject = execFileSync('git', ['log', '-1', '--format=%s'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return subject || undefined;
  } catch {
    return undefined;
  }
}

/** scripts/build.ts for one target: every brand in one run when more than one is wanted. */
function build(target: MiniTarget, brands: readonly number[]): Promise<boolean> {
  const brand = brands.length === 1 ? String(brands[0]) : 'all';
  console.log(`\n== build ${target} --brand ${brand}`);
  return new Promise((resolve) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/build.ts'), target, '--brand', brand],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

async function main(): Promise<number> {
  let options;
  try {
    options = parsePublishArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const version = options.version ?? packageVersion();
  const description = options.description ?? lastCommitSubject() ?? `Release ${version}`;
  const request: PublishRequest = { ...options, version, description };
  const started = Date.now();
  console.log(
    `${options.dryRun ? 'Dry run' : 'Publishing'} ${version} ("${description}"): ${options.targets.join(
      ', ',
    )} × brand ${options.brands.join(',')}`,
  );

  const results = await publish(request, {
    clients: { weapp: weappClient(outDir), alipay: alipayClient() },
    build,
    artifactDir: (target, brand) => path.join(dist, target, String(brand)),
    secrets: { env: process.env, readFile: (file) => fs.readFileSync(file, 'utf8') },
    log: (line) => console.log(line),
  });

  const seconds = (Date.now() - started) / 1000;
  const table = formatResultTable(results);
  const summary = `${summarize(results)} in ${seconds.toFixed(1)} s`;
  const domains = formatDomainTables(results);
  console.log(`\n${table}\n\n${summary}\n\n${domains}`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'results.txt'), `${table}\n\n${summary}\n\n${domains}\n`);
  fs.writeFileSync(
    path.join(outDir, 'results.json'),
    `${JSON.stringify({ version, description, dryRun: options.dryRun, seconds, results }, null, 2)}\n`,
  );
  console.log(`table: ${path.relative(root, path.join(outDir, 'results.txt'))}`);
  return results.some((r) => r.outcome === 'failed') ? 1 : 0;
}

// miniprogram-ci's compiler process can reject a promise nobody awaits when WeChat cannot be
// reached; the upload that started it fails on its own (or times out), so the run goes on to the
// other brands. Only the error's name and code are printed: its message could quote a key.
process.on('unhandledRejection', (reason) => {
  const { name, code } = (reason ?? {}) as { name?: unknown; code?: unknown };
  const what = [typeof name === 'string' ? name : typeof reason, code].filter(Boolean).join(' ');
  console.error(`(a vendor tool's background task failed: ${what}; its row says why)`);
});

main().then(
  // Exit explicitly: miniprogram-ci keeps its compiler process (and the event loop) alive.
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
