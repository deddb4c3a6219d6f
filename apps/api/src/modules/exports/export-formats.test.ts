import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, CSV_BOM, csvCellText, csvRecord, csvStream, sheetName, xlsxStream } from './export-formats.ts';

/** Pages of rows that count how many were read, to see when the writer asks for them. */
function countedPages(pages: number, rowsPerPage: number) {
  const state = { read: 0 };
  async function* generate(): AsyncGenerator<Cell[][]> {
    for (let page = 0; page < pages; page += 1) {
      state.read += 1;
      yield Array.from({ length: rowsPerPage }, (_, row) => [page * rowsPerPage + row, `نص ${row}`]);
    }
  }
  return { state, pages: generate() };
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('CSV cells and records', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+33 1 23', "'+33 1 23"],
    ['-1+1', "'-1+1"],
    ['@cmd', "'@cmd"],
    ['\tleading tab', "'\tleading tab"],
    ['\rleading return', "'\rleading return"],
    ['plain = text', 'plain = text'],
    ['نص عربي', 'نص عربي'],
  ])('guards %j as %j', (input, expected) => {
    expect(csvCellText(input)).toBe(expected);
  });

  it('writes numbers, nothing and times as they are (a negative score is a number, not a formula)', () => {
    expect(csvCellText(-2)).toBe('-2');
    expect(csvCellText(null)).toBe('');
    expect(csvCellText(undefined)).toBe('');
    expect(csvCellText(new Date('2026-11-26T08:00:00Z'))).toBe('2026-11-26T08:00:00.000Z');
  });

  it('quotes fields holding a comma, a quote or a line break, doubles quotes, and ends records with CRLF', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'one\ntwo', 3])).toBe('a,"b,c","say ""hi""","one\ntwo",3\r\n');
  });

  it('names sheets as Excel accepts them', () => {
    expect(sheetName('Reviews [draft]: a/b?')).toBe('Reviews  draft   a b ');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});

describe('csvStream', () => {
  it('starts with the byte order mark and the header, and reads the next page only when asked', async () => {
    const { state, pages } = countedPages(100, 10);
    const stream = csvStream({ sheet: 'S', header: ['id', 'text'], pages });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(String(first.value)).toBe(`${CSV_BOM}id,text\r\n`);
    expect(state.read).toBeLessThanOrEqual(2);
    await iterator.return?.();
    expect(state.read).toBeLessThan(100);
  });

  it('writes every row of every page', async () => {
    const { pages } = countedPages(3, 2);
    const text = (await bytesOf(csvStream({ sheet: 'S', header: ['id', 'text'], pages }))).toString('utf8');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(7);
    expect(text).toContain('5,نص 1\r\n');
  });
});

describe('xlsxStream', () => {
  it('writes a workbook whose header row is bold, with every row and the Arabic text', async () => {
    const { pages } = countedPages(3, 400);
    const bytes = await bytesOf(xlsxStream({ sheet: 'المراجعات', header: ['id', 'النص'], pages }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('المراجعات');
    expect(sheet?.getRow(1).getCell(2).value).toBe('النص');
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.actualRowCount).toBe(1201);
    expect(sheet?.getRow(1201).getCell(1).value).toBe(1199);
  });

  it('fails the stream when reading a page fails, never ending a file with rows missing', async () => {
    async function* failing(): AsyncGenerator<Cell[][]> {
      yield [[1]];
      throw new Error('the database went away');
    }
    await expect(bytesOf(xlsxStream({ sheet: 'S', header: ['id'], pages: failing() }))).rejects.toThrow(
      'the database went away',
    );
  });
});
