/**
 * CSV in and out, one implementation for every export and upload (statements, data export,
 * payroll and member imports, reconciliation). RFC 4180: comma-separated, CRLF line ends,
 * fields with a comma, quote or line break quoted, quotes doubled.
 */

import { ROWS_PER_STATEMENT, yieldToOtherRequests } from './chunks.js';

/** A cell the export writes as a number: never neutralised, so `-1500.00` stays a number. */
export interface CsvNumber {
  readonly csvNumber: string;
}

export type CsvCell = string | number | CsvNumber | null | undefined;

/** Exact naira from integer kobo ("-1500.05"), written as a number cell. */
export function koboCell(kobo: number): CsvNumber {
  if (!Number.isSafeInteger(kobo)) throw new TypeError(`kobo must be a safe integer: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return { csvNumber: `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection,
 * ASVS 1.2.10): such a cell gets a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * A spreadsheet set to a semicolon-separated locale (most of Europe) splits `x;=1+1` into two
 * cells, the second a formula; so every `;`-separated part is neutralised, not only the start.
 */
function neutraliseFormulas(text: string): string {
  return text
    .split(';')
    .map((part) => (FORMULA_START.test(part) ? `'${part}` : part))
    .join(';');
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text: string;
  if (typeof cell === 'number') text = String(cell);
  else if (typeof cell === 'object') text = cell.csvNumber;
  else text = neutraliseFormulas(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(field).join(',')];
  for (const row of rows) lines.push(row.map(field).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses RFC 4180 text into rows of fields (a leading byte-order mark is dropped; blank lines are
 * skipped). Throws CsvParseError naming the line of an unterminated quote or of a quote inside an
 * unquoted field. Validating the fields is the caller's job.
 */
export function parseCsv(text: string): string[][] {
  return [...csvRows(text)];
}

/** The rows of RFC 4180 text one at a time, so a long file can be read in slices. */
export function* csvRows(text: string): Generator<string[]> {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let quoteLine = 1;
  const endField = () => {
    row.push(value);
    value = '';
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    if (rows.length > 0) yield* rows.splice(0);
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          value += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        value += c;
      }
    } else if (c === '"') {
      if (value !== '' || wasQuoted)
        throw new CsvParseError('A quote inside an unquoted field', line);
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
    } else if (wasQuoted) {
      throw new CsvParseError('Text after a closing quote', line);
    } else value += c;
  }
  if (quoted) throw new CsvParseError('A quoted field is never closed', quoteLine);
  if (value !== '' || wasQuoted || row.length > 0) endRow();
  yield* rows;
}

/**
 * Characters that make a spreadsheet run a cell as a formula when it opens an uploaded file;
 * a minus sign is allowed before a digit (a negative amount, reported by the caller as such).
 */
const UPLOADED_FORMULA = /^(?:[=+@\t\r]|-(?![0-9.]))/;

/** A cell, or any of its `;`-separated parts (a semicolon-locale spreadsheet splits there), starts like a formula. */
function looksLikeFormula(raw: string): boolean {
  return raw
    .split(';')
    .some((part) => UPLOADED_FORMULA.test(part) || UPLOADED_FORMULA.test(part.trim()));
}

/** One problem of an uploaded file: its line (the header is line 1) and column when known. */
export interface CsvProblem {
  line: number;
  field?: string;
  message: string;
}

/** An uploaded table whose header is exactly the expected columns: its rows by column name. */
export interface CsvUploadRow<Column extends string> {
  line: number;
  values: Record<Column, string>;
  /** This row's problems found while reading (a formula); the caller adds its own. */
  errors: string[];
}

/**
 * An uploaded table: refused as a whole (size, encoding, header), or its rows, with the lines
 * that could not be read as rows at all in `problems`.
 */
export type CsvTable<Column extends string> =
  | { ok: true; rows: Array<CsvUploadRow<Column>>; problems: CsvProblem[] }
  | { ok: false; problems: CsvProblem[] };

export const CSV_UPLOAD_REFUSALS = {
  tooLarge: 'The file is larger than 10 MB',
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
  empty: 'The file has no rows',
} as const;

/**
 * Reads an uploaded CSV file (base64 bytes) for an import: at most `maxBytes`, UTF-8, RFC 4180,
 * a header naming exactly `columns` in that order, each row as many fields, and no cell a
 * spreadsheet would run as a formula (`=cmd|…`). Every problem is reported with its line, so
 * the administrator can mend the file in one pass; the caller writes nothing unless `ok`.
 * Lines count data rows from 2 (the header is 1), blank lines left out.
 */
export async function readCsvUpload<const Column extends string>(
  base64: string,
  columns: readonly Column[],
  maxBytes: number,
): Promise<CsvTable<Column>> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes) {
    return { ok: false, problems: [{ line: 0, message: CSV_UPLOAD_REFUSALS.tooLarge }] };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problems: [{ line: 0, message: CSV_UPLOAD_REFUSALS.notUtf8 }] };
  }
  // Read a thousand rows at a time, letting other requests run in between: a 10 MB file holds
  // over a hundred thousand rows (decision 084).
  const table: string[][] = [];
  try {
    for (const row of csvRows(text)) {
      table.push(row);
      if (table.length % ROWS_PER_STATEMENT === 0) await yieldToOtherRequests();
    }
  } catch (err) {
    if (err instanceof CsvParseError) {
      return { ok: false, problems: [{ line: err.line, message: err.message }] };
    }
    throw err;
  }
  const [header, ...body] = table;
  if (!header || body.length === 0) {
    return { ok: false, problems: [{ line: header ? 2 : 1, message: CSV_UPLOAD_REFUSALS.empty }] };
  }
  const names = header.map((name) => name.trim());
  if (names.length !== columns.length || names.some((name, i) => name !== columns[i])) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          message: `The columns must be ${columns.join(',')} (found ${names.join(',') || 'none'})`,
        },
      ],
    };
  }
  const problems: CsvProblem[] = [];
  const rows: Array<CsvUploadRow<Column>> = [];
  for (const [index, fields] of body.entries()) {
    const line = index + 2;
    if (index % ROWS_PER_STATEMENT === 0) await yieldToOtherRequests();
    if (fields.length !== columns.length) {
      problems.push({
        line,
        message: `Expected ${columns.length} fields, found ${fields.length}`,
      });
      continue;
    }
    const values = {} as Record<Column, string>;
    const errors: string[] = [];
    columns.forEach((column, i) => {
      const raw = fields[i] ?? '';
      if (looksLikeFormula(raw)) {
        errors.push(`${column} starts like a spreadsheet formula: refused`);
      }
      values[column] = raw.trim();
    });
    rows.push({ line, values, errors });
  }
  return { ok: true, rows, problems };
}
