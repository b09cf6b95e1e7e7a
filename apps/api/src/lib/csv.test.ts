import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CSV_UPLOAD_REFUSALS,
  CsvParseError,
  koboCell,
  parseCsv,
  readCsvUpload,
  toCsv,
} from './csv.js';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      ['v'],
      [["=cmd|'/c calc'!A1"], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx'], ['ok']],
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `'=cmd|'/c calc'!A1`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'ok',
    ]);
  });

  it('neutralises a formula after a semicolon, which a semicolon-locale spreadsheet splits into its own cell', () => {
    const csv = toCsv(['v'], [['x;=1+1'], ['a; b;@SUM(A1)'], ['=1;-2'], ['ok;fine']]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      "x;'=1+1",
      "a; b;'@SUM(A1)",
      "'=1;'-2",
      'ok;fine',
    ]);
  });

  it('writes amounts from kobo exactly, negative ones as numbers', () => {
    expect(toCsv(['amount'], [[koboCell(-150005)], [koboCell(7)], [koboCell(0)], [12]])).toBe(
      'amount\r\n-1500.05\r\n0.07\r\n0.00\r\n12\r\n',
    );
    expect(() => koboCell(1.5)).toThrow(TypeError);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, CRLF and LF, a byte-order mark, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x,y","say ""hi"""\n\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x,y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
  });

  it('names the line of malformed quoting', () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow(CsvParseError);
    try {
      parseCsv('a\nb"c\n');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvParseError);
      expect((error as CsvParseError).line).toBe(2);
    }
    expect(() => parseCsv('"a"b\n')).toThrow('Text after a closing quote');
  });

  it('reads back whatever it writes (text without formula starts)', () => {
    const cell = fc.string().filter((s) => !/(?:^|;)[=+\-@\t\r\0]/.test(s) && s !== '');
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 5 }),
        (rows) => {
          const header = rows[0] ?? ['h1', 'h2'];
          const body = rows.slice(1).filter((r) => r.length === header.length);
          expect(parseCsv(toCsv(header, body))).toEqual([header, ...body]);
        },
      ),
    );
  });
});

describe('readCsvUpload', () => {
  const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
  const columns = ['membershipId', 'month', 'savings', 'shares'] as const;

  it('reads rows by column, trimmed, numbering lines from 2', async () => {
    const table = await readCsvUpload(
      b64(
        '\uFEFFmembershipId,month,savings,shares\r\n M0001 ,2025-05,100,0\r\n\r\nM0002,2025-05,-5,1\r\n',
      ),
      columns,
      1000,
    );
    expect(table).toEqual({
      ok: true,
      problems: [],
      rows: [
        {
          line: 2,
          values: { membershipId: 'M0001', month: '2025-05', savings: '100', shares: '0' },
          errors: [],
        },
        {
          line: 3,
          values: { membershipId: 'M0002', month: '2025-05', savings: '-5', shares: '1' },
          errors: [],
        },
      ],
    });
  });

  it('flags cells a spreadsheet would run as formulas, but not negative numbers', async () => {
    const table = await readCsvUpload(
      b64('membershipId,month,savings,shares\n"=cmd|\' /C calc\'!A0",2025-05,-1,@SUM(A1)\n'),
      columns,
      1000,
    );
    expect(table.ok && table.rows[0]?.errors).toEqual([
      'membershipId starts like a spreadsheet formula: refused',
      'shares starts like a spreadsheet formula: refused',
    ]);
  });

  it('flags a formula after a semicolon in an uploaded cell', async () => {
    const table = await readCsvUpload(
      b64('membershipId,month,savings,shares\nM0001;=1+1,2025-05,1,x; @SUM(A1)\n'),
      columns,
      1000,
    );
    expect(table.ok && table.rows[0]?.errors).toEqual([
      'membershipId starts like a spreadsheet formula: refused',
      'shares starts like a spreadsheet formula: refused',
    ]);
  });

  it('refuses the wrong columns, wrong encoding, a file too large and rows of the wrong width', async () => {
    expect(await readCsvUpload(b64('a,b\n1,2\n'), columns, 1000)).toMatchObject({
      ok: false,
      problems: [{ line: 1 }],
    });
    expect(
      await readCsvUpload(Buffer.from([0x41, 0xe9, 0x0a]).toString('base64'), columns, 1000),
    ).toEqual({
      ok: false,
      problems: [{ line: 0, message: CSV_UPLOAD_REFUSALS.notUtf8 }],
    });
    expect(await readCsvUpload(b64('x'.repeat(11)), columns, 10)).toEqual({
      ok: false,
      problems: [{ line: 0, message: CSV_UPLOAD_REFUSALS.tooLarge }],
    });
    expect(await readCsvUpload(b64('membershipId,month,savings,shares\n'), columns, 1000)).toEqual({
      ok: false,
      problems: [{ line: 2, message: CSV_UPLOAD_REFUSALS.empty }],
    });
    const short = await readCsvUpload(
      b64('membershipId,month,savings,shares\nM1,2025-05\n'),
      columns,
      1000,
    );
    expect(short).toEqual({
      ok: true,
      rows: [],
      problems: [{ line: 2, message: 'Expected 4 fields, found 2' }],
    });
  });
});
