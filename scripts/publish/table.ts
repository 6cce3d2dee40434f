/**
 * The publish table ops read: brand × platform × size × result, a one-line summary, and the
 * domains each app's console must list.
 */
import { CONSOLE_LISTS } from '../mini-network';
import type { MiniTarget } from '../artifact-checks';
import { firstLine, type PublishResult } from './run';

const kb = (bytes?: number) => (bytes === undefined ? '-' : (bytes / 1024).toFixed(1));

/** Left-aligned columns two spaces apart; the last column is not padded. */
function align(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Where each platform's console keeps the lists, for the heading above its table. */
const CONSOLE_PLACES: Record<MiniTarget, string> = {
  weapp:
    'WeChat (mp.weixin.qq.com: 开发管理 → 开发设置 → 服务器域名: request, uploadFile, downloadFile; 业务域名: web-view)',
  alipay:
    'Alipay (open.alipay.com, the mini-program: 开发设置 → 服务器域名白名单: server; H5 域名配置: web-view)',
};

/**
 * Per platform, one row per brand: the domains each console list must hold before the upload
 * (scripts/mini-network.ts says which). A list the artifact could not fill shows '-'.
 */
export function formatDomainTables(results: readonly PublishResult[]): string {
  const targets = (['weapp', 'alipay'] as const).filter((t) => results.some((r) => r.target === t));
  return targets
    .map((target) => {
      const lists = CONSOLE_LISTS[target];
      const rows = results
        .filter((r) => r.target === target)
        .map((r) => [
          String(r.brand),
          r.appId,
          ...lists.map((list) => r.domains?.[list]?.join(' ') || '-'),
        ]);
      return `Domains to register, ${CONSOLE_PLACES[target]}:\n${align([['brand', 'app id', ...lists], ...rows])}`;
    })
    .join('\n\n');
}

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
  return align([header, ...rows]);
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
