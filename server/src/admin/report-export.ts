/**
 * A report's table as a file: CSV (papaparse, UTF-8 with a byte-order mark so spreadsheet apps
 * read the Chinese) or XLSX (exceljs). The columns are the reply's field names and the values
 * are the reply's own (money in fen, rates 0-1), so a file reads back to the figures shown.
 */
import { newWorkbook } from '../lib/spreadsheet.ts';
import Papa from 'papaparse';
import type { Report, ReportTable } from '../../../contract/admin/reports.ts';

type Cell = string | number | null;

export function reportTable(report: Report, table: ReportTable): Record<string, Cell>[] {
  const brand = (platform: number | null) => (platform === null ? 'all' : platform);
  if (table === 'summary')
    return report.rows.map((row) => ({ ...row, platform: brand(row.platform) }));
  if (table === 'overdue')
    return report.overdue.map((row) => ({ ...row, platform: brand(row.platform) }));
  return report.channels.map((row) => ({ ...row }));
}

export async function exportReport(
  report: Report,
  table: ReportTable,
  format: 'csv' | 'xlsx',
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const rows = reportTable(report, table);
  const scope = report.platforms.length === 1 ? `brand${report.platforms[0]}` : 'brands';
  const fileName = `report-${table}-${scope}-${report.from}-${report.to}.${format}`;
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  if (format === 'csv') {
    const text = Papa.unparse({
      fields: columns,
      data: rows.map((row) => columns.map((c) => row[c])),
    });
    return {
      body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName,
    };
  }
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(table);
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 2) }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
}
