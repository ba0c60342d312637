import { csvField } from '../../../lib/csv.ts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { currencyDigits, minorToDecimal, minorToString, zonedParts } from '@bookla/shared';
import ExcelJS from 'exceljs';

/**
 * Writers of one table into a CSV or an XLSX file, row batch by row batch, onto a stream (a
 * file for job exports, memory for small ones), so a large export never sits in memory whole.
 *
 * CSV: RFC 4180 (comma, CRLF, quotes doubled), UTF-8 with a byte-order mark so spreadsheet
 * programs read the umlauts right; numbers with a dot. Text cells that a spreadsheet would run
 * as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) get a leading `'`
 * (OWASP "CSV injection"): a buyer's name like `=HYPERLINK(…)` stays text. Numbers are written
 * as numbers and need no such guard.
 *
 * XLSX: one sheet, a bold frozen header row with a filter, typed cells: numbers, money with the
 * currency's digits, date-times as Excel dates showing the team's wall-clock time. Text cells are
 * strings, which Excel never evaluates.
 */

export type ColumnKind = 'text' | 'integer' | 'money' | 'datetime';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Width in characters (XLSX). */
  width?: number;
}

/** A money amount: minor units with its currency. */
export interface MoneyCell {
  minor: number;
  currency: string;
}

export type Cell = string | number | Date | MoneyCell | null | undefined;

export interface SheetWriter {
  addRows(rows: readonly Cell[][]): Promise<void>;
  /** Ends the file (and the stream). */
  finish(): Promise<void>;
}

export interface WriterOptions {
  timeZone: string;
  sheetName: string;
}

/** One CSV field: formula guard, then quoted when it holds a comma, quote or line break (lib/csv.ts). */
export { csvField };

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-06-01 10:00` in the zone. */
export function wallClock(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

const isMoney = (v: Cell): v is MoneyCell => typeof v === 'object' && v !== null && !(v instanceof Date);

function csvValue(value: Cell, kind: ColumnKind, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (isMoney(value)) return minorToString(value.minor, value.currency);
  if (value instanceof Date) return wallClock(value, timeZone);
  if (typeof value === 'number') return kind === 'integer' ? String(Math.trunc(value)) : String(value);
  return csvField(value);
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function end(out: Writable): Promise<void> {
  const done = once(out, 'finish');
  out.end();
  await done;
}

export function createCsvWriter(out: Writable, columns: readonly ExportColumn[], opts: WriterOptions): SheetWriter {
  let started = false;
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  const start = async () => {
    if (started) return;
    started = true;
    await write(out, `\uFEFF${line(columns.map((c) => csvField(c.header)))}`);
  };
  return {
    async addRows(rows) {
      await start();
      if (!rows.length) return;
      await write(out, rows.map((row) => line(columns.map((c, i) => csvValue(row[i], c.kind, opts.timeZone)))).join(''));
    },
    async finish() {
      await start();
      await end(out);
    },
  };
}

/** The wall-clock time of the zone as a UTC date: Excel dates carry no zone and show UTC fields. */
function excelDate(date: Date, timeZone: string): Date {
  const p = zonedParts(date, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

const moneyFormat = (currency: string) => {
  const digits = currencyDigits(currency);
  return digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
};

export function createXlsxWriter(out: Writable, columns: readonly ExportColumn[], opts: WriterOptions): SheetWriter {
  const done = once(out, 'finish');
  // Awaited in finish(); a writer abandoned after a failure must not leave an unhandled rejection.
  done.catch(() => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Bookla';
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(opts.sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c, i) => ({
    key: `c${i}`,
    width: c.width ?? (c.kind === 'datetime' ? 17 : c.kind === 'text' ? 24 : 12),
    style: c.kind === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm' } : c.kind === 'integer' ? { numFmt: '0' } : {},
  }));
  const header = sheet.getRow(1);
  columns.forEach((c, i) => (header.getCell(i + 1).value = c.header));
  header.font = { bold: true };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };

  return {
    async addRows(rows) {
      for (const values of rows) {
        const row = sheet.addRow([]);
        columns.forEach((c, i) => {
          const value = values[i];
          if (value === null || value === undefined) return;
          const cell = row.getCell(i + 1);
          if (isMoney(value)) {
            cell.value = minorToDecimal(value.minor, value.currency);
            cell.numFmt = moneyFormat(value.currency);
          } else if (value instanceof Date) {
            cell.value = excelDate(value, opts.timeZone);
            cell.numFmt = 'yyyy-mm-dd hh:mm';
          } else cell.value = value;
        });
        row.commit();
      }
      // Let the zip stream flush between batches.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      await done;
    },
  };
}

export function createSheetWriter(
  format: 'csv' | 'xlsx',
  out: Writable,
  columns: readonly ExportColumn[],
  opts: WriterOptions,
): SheetWriter {
  return format === 'csv' ? createCsvWriter(out, columns, opts) : createXlsxWriter(out, columns, opts);
}
