/**
 * A small RFC 4180 reader for the lists people paste or upload: fields separated by commas, records by CRLF, LF or
 * CR; a field in double quotes may hold commas, line breaks and doubled quotes (`""` → `"`). Spaces around a field
 * are kept (callers trim); a leading byte order mark is dropped; blank records are skipped. Each record carries the
 * number of the line it starts on, so a refusal can name it.
 */

export type CsvRecord = { line: number; fields: string[] };

export class CsvQuoteError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`unclosed quote in the record starting on line ${line}`);
    this.name = 'CsvQuoteError';
    this.line = line;
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let index = 0;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]?.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) throw new CsvQuoteError(recordLine);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
