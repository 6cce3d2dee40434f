/**
 * exceljs, loaded when a spreadsheet is first read or written. With the zip and stream libraries
 * it pulls in it took ~0.5 s of CPU to import (profile of a test server's start, 28 Nov), paid by
 * every server process and every test process although only a few console routes use it.
 */
import type ExcelJS from 'exceljs';

export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
