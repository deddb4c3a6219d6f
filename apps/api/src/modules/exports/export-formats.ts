import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/*
 * The two file formats of an export, written while the rows are still being read: the caller hands a header and an
 * async sequence of pages of rows, and gets a stream that pulls the next page only when the client has taken the
 * previous one. Nothing here knows events or reviews.
 */

/** One cell as the exports hand it over: text, a number, a time (written ISO 8601), or nothing. */
export type Cell = string | number | Date | null | undefined;

/** A table to write: its column headers (in the reader's language) and its rows, a page at a time. */
export type ExportTable = { sheet: string; header: string[]; pages: AsyncIterable<Cell[][]> };

export const CSV_BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) or that start with a tab or carriage return, which
 * some spreadsheets strip before reading a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a CSV cell. A text that a spreadsheet would read as a formula gets a leading apostrophe (the
 * CSV-injection guard, `docs/security.md#exports`); numbers stay numbers, so a score of -2 is not touched.
 */
export function csvCellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One CSV record (RFC 4180): fields holding a comma, a quote or a line break quoted, quotes doubled, CRLF after. */
export function csvRecord(cells: readonly Cell[]): string {
  const fields = cells.map((cell) => {
    const text = csvCellText(cell);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  });
  return `${fields.join(',')}\r\n`;
}

/**
 * A CSV file as a stream: the UTF-8 byte order mark first (so spreadsheets read Arabic as UTF-8), the header, then
 * each page of rows as one chunk. `Readable.from` asks for the next page only when the reader wants more.
 */
export function csvStream(table: ExportTable): Readable {
  async function* chunks() {
    yield CSV_BOM + csvRecord(table.header);
    for await (const rows of table.pages) {
      if (rows.length > 0) yield rows.map(csvRecord).join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The value of an XLSX cell: texts stay texts (a text cell is never run as a formula), times ISO 8601. */
function xlsxValue(cell: Cell): string | number | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return cell.toISOString();
  return cell;
}

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * An XLSX file as a stream, written by exceljs' streaming writer: each row is committed (serialised into the zip) as
 * soon as it is added, the header row bold. Between pages it waits while the client has not taken what was written,
 * so memory holds about one page whatever the size of the export. A failure destroys the stream (the client sees
 * a cut download, never a file with rows missing).
 */
export function xlsxStream(table: ExportTable): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(table.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  const write = async () => {
    const header = sheet.addRow(table.header);
    header.font = { bold: true };
    header.commit();
    for await (const rows of table.pages) {
      for (const cells of rows) sheet.addRow(cells.map(xlsxValue)).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
