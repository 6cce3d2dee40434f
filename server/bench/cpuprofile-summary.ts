/**
 * Sums a V8 CPU profile's self time by package, file and function, optionally over the last
 * seconds only (the benchmark's steady state, without start-up):
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx server/bench/orders.ts --duration 15
 *   npx tsx server/bench/cpuprofile-summary.ts /tmp/prof/CPU.….cpuprofile [--last 12] [--skip-end 1]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    last: { type: 'string', default: '0' },
    'skip-end': { type: 'string', default: '0' },
    top: { type: 'string', default: '25' },
  },
});
const file = positionals[0];
if (!file)
  throw new Error('usage: cpuprofile-summary.ts <file.cpuprofile> [--last s] [--skip-end s]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

// Sample times are start + the running sum of the deltas (µs).
const until = profile.endTime - Number(values['skip-end']) * 1e6;
const from = Number(values.last) > 0 ? until - Number(values.last) * 1e6 : 0;
const selfTime = new Map<number, number>();
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  clock += delta;
  if (clock >= from && clock <= until) selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});

const byPackage = new Map<string, number>();
const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);
let total = 0;
const root = process.cwd() + '/';
for (const [id, us] of selfTime) {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) continue;
  total += us;
  const url = frame.url.replace(/^file:\/\//, '').replace(root, '');
  const name = frame.functionName || '(anonymous)';
  const where = url || name;
  const nodeModule = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  add(byPackage, nodeModule ?? (url.startsWith('node:') ? 'node internals' : where), us);
  add(byFile, where, us);
  add(byFunction, `${name} ${url}${url ? `:${frame.lineNumber + 1}` : ''}`, us);
}

const top = Number(values.top);
for (const [title, map] of [
  ['package', byPackage],
  ['file', byFile],
  ['function', byFunction],
] as const) {
  process.stdout.write(`\nself time by ${title} (${(total / 1000).toFixed(0)} ms sampled)\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(
      `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}\n`,
    );
}
