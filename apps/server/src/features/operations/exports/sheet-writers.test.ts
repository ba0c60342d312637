import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createCsvWriter, createXlsxWriter, csvField, type ExportColumn } from './sheet-writers.ts';

const columns: ExportColumn[] = [
  { header: 'Name', kind: 'text' },
  { header: 'Count', kind: 'integer' },
  { header: 'Total', kind: 'money' },
  { header: 'At', kind: 'datetime' },
];

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}

describe('csvField', () => {
  it('guards text a spreadsheet would run as a formula (=, +, -, @, tab, CR) with a leading quote', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+41 79 123 45 67')).toBe("'+41 79 123 45 67");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField('Anna = Bea')).toBe('Anna = Bea');
  });

  it('quotes fields with commas, quotes or line breaks (quotes doubled), after the guard', () => {
    expect(csvField('Muster, Anna')).toBe('"Muster, Anna"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x","a")')).toBe('"\'=HYPERLINK(""http://x"",""a"")"');
    expect(csvField('Zürich')).toBe('Zürich');
  });
});

describe('sheet writers', () => {
  const at = new Date('2026-07-01T08:30:00Z');

  it('CSV: BOM, header, CRLF rows; money with the currency’s digits; dates as the team’s wall-clock time; numbers unguarded', async () => {
    const csv = await collect(async (out) => {
      const w = createCsvWriter(out, columns, { timeZone: 'Europe/Zurich', sheetName: 'x' });
      await w.addRows([['=1+1', -3, { minor: 1250, currency: 'CHF' }, at]]);
      await w.addRows([[null, 0, { minor: 5, currency: 'JPY' }, undefined]]);
      await w.finish();
    });
    expect(csv.toString('utf8')).toBe("\uFEFFName,Count,Total,At\r\n'=1+1,-3,12.50,2026-07-01 10:30\r\n,0,5,\r\n");
  });

  it('XLSX: a valid workbook with a bold header, typed cells and the wall-clock date', async () => {
    const file = await collect(async (out) => {
      const w = createXlsxWriter(out, columns, { timeZone: 'Europe/Zurich', sheetName: 'Orders: 2026/07' });
      await w.addRows([['=1+1', 3, { minor: 1250, currency: 'CHF' }, at]]);
      await w.finish();
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Orders  2026 07');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Count', 'Total', 'At']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const row = sheet.getRow(2);
    // Text stays text (never a formula), numbers are numbers.
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(1).value).toBe('=1+1');
    expect(row.getCell(2).value).toBe(3);
    expect(row.getCell(3).value).toBe(12.5);
    expect(row.getCell(3).numFmt).toBe('#,##0.00');
    expect(row.getCell(4).value).toEqual(new Date('2026-07-01T10:30:00Z'));
    expect(sheet.rowCount).toBe(2);
  });
});
