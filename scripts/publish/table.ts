/** The publish table ops read: brand × platform × size × result, and a one-line summary. */
import { firstLine, type PublishResult } from './run';

const kb = (bytes?: number) => (bytes === undefined ? '-' : (bytes / 1024).toFixed(1));

export function formatResultTable(results: readonly PublishResult[]): string {
  const header = [
    'platform',
    'brand',
    'app id',
    'main KB',
    'total KB',
    'result',
    'seconds',
    'detail',
  ];
  const rows = results.map((r) => [
    r.target,
    String(r.brand),
    r.appId,
    kb(r.mainPackageBytes),
    kb(r.totalBytes),
    r.outcome === 'failed' ? 'FAILED' : r.outcome,
    r.seconds.toFixed(1),
    firstLine(r.detail, 200),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function summarize(results: readonly PublishResult[]): string {
  const count = (outcome: PublishResult['outcome']) =>
    results.filter((r) => r.outcome === outcome).length;
  const parts = [
    count('uploaded') && `${count('uploaded')} uploaded`,
    count('checked') && `${count('checked')} checked (dry run)`,
    `${count('failed')} failed`,
  ].filter(Boolean);
  return `${results.length} artifact(s): ${parts.join(', ')}`;
}
