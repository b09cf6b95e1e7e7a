/**
 * CSV in and out, one implementation for every export and upload (statements, data export,
 * payroll and member imports, reconciliation). RFC 4180: comma-separated, CRLF line ends,
 * fields with a comma, quote or line break quoted, quotes doubled.
 */

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

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text: string;
  if (typeof cell === 'number') text = String(cell);
  else if (typeof cell === 'object') text = cell.csvNumber;
  else text = FORMULA_START.test(cell) ? `'${cell}` : cell;
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
  return rows;
}
