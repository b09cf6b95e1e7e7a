import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvParseError, koboCell, parseCsv, toCsv } from './csv.js';

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
    const cell = fc.string().filter((s) => !/^[=+\-@\t\r\0]/.test(s) && s !== '');
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
