/**
 * Reading an uploaded XLSX file, as the catalogue import (catalog-bulk.ts) and the providers'
 * statements (statement-file.ts) do: its first sheet, and each cell as text.
 */
import type ExcelJS from 'exceljs';
import { newWorkbook } from '../lib/spreadsheet.ts';
import { badRequest } from '../plugins/errors.ts';

/** The file's first sheet (undefined: it has none); a file that is not XLSX is a 400. */
export async function firstSheet(content: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  const book = await newWorkbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('content：不是有效的 XLSX 文件');
  }
  return book.worksheets[0];
}

/** A cell as text: a formula's result, rich text's parts joined, a date as `date` writes it. */
export function cellText(value: ExcelJS.CellValue, date: (value: Date) => string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if (value instanceof Date) return date(value);
  }
  return String(value);
}
