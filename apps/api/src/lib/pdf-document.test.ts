import { describe, expect, it } from 'vitest';
import { pdfAmount, renderPdf } from './pdf-document.js';
import { formatNaira } from '@coop/shared/money';
import { pdfBoldTextByPage, pdfFonts, pdfPageCount, pdfText } from '../test/pdf-text.js';

const createdAt = new Date('2025-06-15T09:00:00Z');

describe('pdfAmount', () => {
  it('writes ₦ and whole naira from kobo, like the screens, signed', () => {
    expect(pdfAmount(0)).toBe('₦0');
    expect(pdfAmount(150_000_00)).toBe('₦150,000');
    expect(pdfAmount(150_000_49)).toBe('₦150,000');
    expect(pdfAmount(150_000_50)).toBe('₦150,001');
    expect(pdfAmount(-1_234_567_89)).toBe('-₦1,234,568');
    expect(pdfAmount(-49)).toBe('₦0');
    // As the screens write it.
    expect(pdfAmount(1_500_00)).toBe(formatNaira(1_500));
  });

  it('refuses a fraction of a kobo', () => {
    expect(() => pdfAmount(1.5)).toThrow(TypeError);
  });
});

describe('renderPdf', () => {
  it('writes a PDF that a reader opens, with the issuer, title, facts, rows and totals', async () => {
    const pdf = await renderPdf({
      issuer: 'Unity Staff Cooperative',
      title: 'Statement of account',
      subtitle: ['Generated on Jun 15, 2025'],
      createdAt,
      blocks: [
        { kind: 'facts', facts: [['Member', 'Ada Obi (COOP-0001)']] },
        {
          kind: 'table',
          columns: [
            { header: 'Date', width: 1 },
            { header: 'Description', width: 3 },
            { header: 'Amount', width: 1.5, align: 'right' },
          ],
          rows: [['Jun 01, 2025', 'June savings', pdfAmount(2_500_000)]],
          footer: [['', 'Total', pdfAmount(2_500_000)]],
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Unity Staff Cooperative',
      'Statement of account',
      'Ada Obi (COOP-0001)',
      'June savings',
      '₦25,000',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('embeds a font that has the naira sign, and no standard font without it', async () => {
    const pdf = await renderPdf({
      issuer: 'Coop',
      title: 'Naira',
      createdAt,
      blocks: [{ kind: 'facts', facts: [['Closing balance', pdfAmount(-1_234_567_89)]] }],
    });
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toMatchObject({ embedded: true, unicodeMap: true });
      expect(font.name).toMatch(/DejaVuSans/);
    }
    // pdftotext maps the glyph back to U+20A6 through the embedded font's Unicode map.
    expect(pdfText(pdf)).toContain('-₦1,234,568');
  });

  it('breaks long tables over pages, repeating the header and numbering every page', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`Row ${i + 1}`, pdfAmount(i * 100)]);
    const pdf = await renderPdf({
      issuer: 'Coop',
      title: 'Long',
      createdAt,
      blocks: [
        {
          kind: 'table',
          columns: [
            { header: 'Line', width: 2 },
            { header: 'Amount', width: 1, align: 'right' },
          ],
          rows,
        },
      ],
    });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain('Row 150');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Line\s+Amount/g)?.length).toBe(pages);
    // Only the repeated header is bold on a new page: its first row is set like every other.
    const bold = pdfBoldTextByPage(pdf);
    expect(bold).toHaveLength(pages);
    for (const page of bold.slice(1)) expect(page).toEqual(['Line', 'Amount']);
  });

  it('says so when a table has no rows', async () => {
    const pdf = await renderPdf({
      issuer: 'Coop',
      title: 'Empty',
      createdAt,
      blocks: [
        {
          kind: 'table',
          columns: [{ header: 'Line', width: 1 }],
          rows: [],
          emptyText: 'No transactions in this period',
        },
      ],
    });
    expect(pdfText(pdf)).toContain('No transactions in this period');
  });
});
