/**
 * A provider's statement file as the provider publishes it, read into statement lines (issue 38):
 * the console uploads it, sees every line and every problem (a dry run), then imports it through
 * importStatement. Columns are found by their names in the header row, never by position (the
 * providers say the order may change); rows above the header and below the details (titles,
 * summaries, `#` notes) are not lines.
 *
 * - WeChat Pay's trade bill (交易账单, type ALL), CSV as `GET /v3/bill/tradebill` downloads it:
 *   every field starts with a backquote; 交易状态 SUCCESS is a payment (商户订单号, 订单金额),
 *   REFUND a refund (商户退款单号, 申请退款金额); the details end at the summary's header
 *   (总交易单数). https://pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html
 * - Alipay's business details (业务明细) from the `trade` bill of
 *   alipay.data.dataservice.bill.downloadurl.query: CSV in GBK, `#` lines above and below the
 *   table; 业务类型 交易 is a payment (商户订单号, 订单金额（元）), 退款 a refund
 *   (退款批次号/请求号, the refund's amount negative in 订单金额（元）).
 * - A card acquirer's file has no one format: the console's own columns, 类型 (支付/退款),
 *   单号 and 金额（元）.
 *
 * XLSX: the first sheet, the same columns. Money is yuan with at most two decimals.
 */
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type {
  LineKind,
  StatementFileProblem,
  StatementProvider,
} from '../../../contract/admin/reports.ts';
import { badRequest } from '../plugins/errors.ts';
import { cellText, firstSheet } from './spreadsheet.ts';

export interface FileLine {
  /** The file's row (the first row is 1). */
  row: number;
  kind: LineKind;
  reference: string;
  amount: number;
}

interface Layout {
  /** A column the header row must have (how the header is found). */
  key: string;
  /** The first cell of the row where the details end. */
  end?: string;
  /** The line a data row is, or null when it is not one of ours to reconcile (a closed order). */
  read: (cell: (name: string) => string) => {
    kind: LineKind | null;
    reference: string;
    amount: string;
    time: string;
  };
}

const LAYOUTS: Record<StatementProvider, Layout> = {
  wechat: {
    key: '商户订单号',
    end: '总交易单数',
    read: (cell) => {
      const refund = cell('交易状态') === 'REFUND';
      const status = cell('交易状态');
      return {
        kind: refund ? 'refund' : status === 'SUCCESS' ? 'payment' : null,
        reference: refund ? cell('商户退款单号') : cell('商户订单号'),
        amount: refund
          ? cell('申请退款金额') || cell('退款金额')
          : cell('订单金额') || cell('应结订单金额'),
        time: cell('交易时间'),
      };
    },
  },
  alipay: {
    key: '商户订单号',
    read: (cell) => {
      const type = cell('业务类型');
      const refund = type === '退款';
      return {
        kind: refund ? 'refund' : type === '交易' ? 'payment' : null,
        reference: refund ? cell('退款批次号/请求号') : cell('商户订单号'),
        amount: cell('订单金额（元）').replace(/^-/, ''),
        time: cell('完成时间') || cell('创建时间'),
      };
    },
  },
  card: {
    key: '单号',
    read: (cell) => {
      const type = cell('类型');
      return {
        kind: type === '退款' ? 'refund' : type === '支付' ? 'payment' : null,
        reference: cell('单号'),
        amount: cell('金额（元）'),
        time: cell('时间'),
      };
    },
  },
};

/** Text as the provider wrote it: UTF-8 (with or without a BOM), else GBK (Alipay's). */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(content);
  }
}

/** A date cell as the providers' text files write it: `2024-05-01 10:00:00`. */
const cellOf = (value: ExcelJS.CellValue) =>
  cellText(value, (date) => date.toISOString().slice(0, 19).replace('T', ' '));

async function gridOf(format: 'csv' | 'xlsx', content: Buffer): Promise<string[][]> {
  if (format === 'csv') {
    const parsed = Papa.parse<string[]>(decode(content), { skipEmptyLines: false });
    return parsed.data.map((row) => row.map((cell) => String(cell ?? '')));
  }
  const sheet = await firstSheet(content);
  const grid: string[][] = [];
  if (!sheet) return grid;
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const cells: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellOf(cell.value);
    });
    grid.push(Array.from(cells, (cell) => cell ?? ''));
  }
  return grid;
}

/** A field as the provider wrote it, without WeChat's leading backquote. */
const clean = (text: string | undefined) => (text ?? '').trim().replace(/^`/, '').trim();

/** Yuan with at most two decimals → fen; undefined when it is not such an amount. */
function fenOf(yuan: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.replace(/,/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The file's lines for `day` and each row's problems (row, field, problem): an unreadable amount
 * or number, a line of another day, a number listed twice. Rows that are not payments or refunds
 * of ours (a closed order in the provider's bill) are skipped, as the provider's own totals do.
 */
export async function readStatementFile(
  provider: StatementProvider,
  day: string,
  format: 'csv' | 'xlsx',
  content: Buffer,
): Promise<{ lines: FileLine[]; problems: StatementFileProblem[] }> {
  const layout = LAYOUTS[provider];
  const grid = await gridOf(format, content);
  const headerAt = grid.findIndex((row) => row.some((cell) => clean(cell) === layout.key));
  if (headerAt < 0) throw badRequest(`content：找不到表头（应有“${layout.key}”列）`);
  const columns = new Map(grid[headerAt]!.map((name, i) => [clean(name), i]));
  const lines: FileLine[] = [];
  const problems: StatementFileProblem[] = [];
  const seen = new Map<string, number>();
  for (let i = headerAt + 1; i < grid.length; i += 1) {
    const row = grid[i]!;
    const first = clean(row[0]);
    if (layout.end && first === layout.end) break;
    if (row.every((cell) => clean(cell) === '') || first.startsWith('#')) continue;
    const cell = (name: string) => {
      const at = columns.get(name);
      return at === undefined ? '' : clean(row[at]);
    };
    const read = layout.read(cell);
    if (read.kind === null) continue;
    const rowNo = i + 1;
    const problem = (field: string, message: string) =>
      problems.push({ row: rowNo, field, message });
    const amount = fenOf(read.amount);
    let ok = true;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(read.reference)) {
      problem('reference', read.reference ? `单号格式不正确：${read.reference}` : '缺少单号');
      ok = false;
    }
    if (amount === undefined || amount <= 0) {
      problem('amount', `金额不正确：${read.amount || '（空）'}`);
      ok = false;
    }
    if (read.time && read.time.slice(0, 10).replace(/\//g, '-') !== day) {
      problem('time', `不是 ${day} 的记录：${read.time}`);
      ok = false;
    }
    const key = `${read.kind}|${read.reference}`;
    if (ok && seen.has(key)) {
      problem('reference', `与第 ${seen.get(key)} 行重复：${read.reference}`);
      ok = false;
    }
    if (!ok) continue;
    seen.set(key, rowNo);
    lines.push({ row: rowNo, kind: read.kind, reference: read.reference, amount: amount! });
  }
  return { lines, problems };
}
