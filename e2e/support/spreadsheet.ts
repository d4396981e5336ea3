import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * exceljs, borrowed from the API package that writes the spreadsheets (the suite has no copy of its
 * own), to read a downloaded export back. Only what the tests read is typed.
 */
type Workbook = { xlsx: { load(data: Buffer): Promise<unknown> }; worksheets: { eachRow(cb: (row: { values: unknown }) => void): void }[] };
const { Workbook } = createRequire(path.resolve(__dirname, '../../api/package.json'))('exceljs') as { Workbook: new () => Workbook };

/** Every non-empty cell of every sheet, as text, row by row. */
export async function spreadsheetCells(data: Buffer): Promise<string[]> {
  const book = new Workbook();
  await book.xlsx.load(data);
  const cells: string[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => cells.push(...(row.values as unknown[]).filter((v) => v != null).map(String)));
  return cells;
}
