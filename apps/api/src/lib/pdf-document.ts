/**
 * PDF reports, one implementation for every printable document (member statements, the back
 * office's reconciliation): a titled A4 document with facts, tables and totals, built with
 * pdfkit (docs/decisions/050-pdf-documents.md). Callers describe WHAT to print; this module
 * decides how it is laid out, breaks pages (repeating a table's header), and numbers them.
 *
 * The built-in Helvetica only encodes Windows-1252, which has no naira sign: every document
 * embeds DejaVu Sans (apps/api/assets/fonts, only the glyphs used), so amounts read '₦1,500' as
 * on every screen (decision 050).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSync, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

export type PdfAlign = 'left' | 'right';

export interface PdfColumn {
  header: string;
  /** A share of the printable width; shares are normalised, so any positive numbers do. */
  width: number;
  align?: PdfAlign;
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label: value lines (the member, the period, opening and closing balances). */
  | { kind: 'facts'; facts: ReadonlyArray<readonly [label: string, value: string]> }
  | {
      kind: 'table';
      columns: readonly PdfColumn[];
      rows: ReadonlyArray<readonly string[]>;
      /** Shown in place of rows when there are none. */
      emptyText?: string;
      /** Bold closing rows (totals), under a rule. */
      footer?: ReadonlyArray<readonly string[]>;
    }
  /**
   * Lines to sign on paper, one row per signer ('Prepared by', 'Approved by'): name, signature
   * and date, kept together on one page (the deduction schedule).
   */
  | { kind: 'signatures'; signers: readonly string[] };

export interface PdfReport {
  /** The issuer printed at the top of every page (the cooperative's name). */
  issuer: string;
  title: string;
  /** Lines under the title (address, "Generated on …"). */
  subtitle?: readonly string[];
  blocks: readonly PdfBlock[];
  /**
   * A line printed at the foot of every page above its number (a statement's verification code),
   * so each page of a printout can be checked on its own.
   */
  footnote?: string;
  /** Document metadata: the author and creation date (injected clock, so tests are stable). */
  createdAt: Date;
}

const MARGIN = 48;
const FONTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
const FONT = 'Body';
const BOLD = 'Body-Bold';
/**
 * Opened once per process and shared by every document: pdfkit would parse the font again for
 * each one, which made a statement twenty times slower to write than with Helvetica.
 */
let fonts: Record<string, Font> | undefined;
function embeddedFonts(): Record<string, Font> {
  fonts ??= {
    [FONT]: openSync(path.join(FONTS_DIR, 'DejaVuSans.ttf')),
    [BOLD]: openSync(path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
/** pdfkit opens a fontkit font it is given as it is (its types list only files and buffers). */
const asFontSource = (font: Font) => font as unknown as Buffer;
const BODY_SIZE = 9;
const CELL_PADDING = 3;
const RULE_COLOR = '#9ca3af';
const MUTED_COLOR = '#4b5563';

/**
 * '₦1,500' / '-₦1,500' from integer kobo: whole naira with no decimals, like every screen
 * (`formatNaira`; half a naira and more rounds up, as Intl does there), in integers, never
 * through a float.
 */
export function pdfAmount(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new TypeError(`kobo must be a safe integer: ${kobo}`);
  const abs = Math.abs(kobo);
  const naira = Math.trunc(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return `${kobo < 0 && naira > 0 ? '-' : ''}₦${naira.toLocaleString('en-NG')}`;
}

/** Renders the report to a PDF file's bytes. */
export function renderPdf(report: PdfReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: report.title,
      Author: report.issuer,
      Creator: report.issuer,
      CreationDate: report.createdAt,
    },
  });
  for (const [name, font] of Object.entries(embeddedFonts())) {
    doc.registerFont(name, asFontSource(font));
  }
  // Never the default Helvetica: it has no naira sign.
  doc.font(FONT);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  // Room above the bottom margin for the footnote, when there is one.
  const bottom = () => doc.page.height - doc.page.margins.bottom - (report.footnote ? 28 : 16);

  doc.font(BOLD).fontSize(14).text(report.issuer, left, MARGIN, { width });
  doc.font(BOLD).fontSize(12).text(report.title, { width });
  doc.font(FONT).fontSize(BODY_SIZE).fillColor(MUTED_COLOR);
  for (const line of report.subtitle ?? []) doc.text(line, { width });
  doc.fillColor('black').moveDown();

  const ensureRoom = (height: number, onNewPage?: () => void) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      onNewPage?.();
    }
  };

  const drawRow = (
    cells: readonly string[],
    columns: readonly PdfColumn[],
    widths: readonly number[],
    font: string,
  ) => {
    doc.font(font).fontSize(BODY_SIZE);
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * CELL_PADDING }),
    );
    const rowHeight = Math.max(...heights, doc.currentLineHeight()) + 2 * CELL_PADDING;
    return {
      rowHeight,
      draw: () => {
        // Set again here: a page break between measuring and drawing draws the repeated header
        // in bold, and the row must not inherit it.
        doc.font(font).fontSize(BODY_SIZE);
        const top = doc.y;
        let x = left;
        cells.forEach((cell, i) => {
          const cellWidth = widths[i] ?? 0;
          doc.text(cell, x + CELL_PADDING, top + CELL_PADDING, {
            width: cellWidth - 2 * CELL_PADDING,
            align: columns[i]?.align ?? 'left',
          });
          x += cellWidth;
        });
        doc.x = left;
        doc.y = top + rowHeight;
      },
    };
  };

  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE_COLOR)
      .stroke();
  };

  for (const block of report.blocks) {
    switch (block.kind) {
      case 'heading':
        ensureRoom(40);
        doc.moveDown(0.5).font(BOLD).fontSize(11).text(block.text, left, doc.y, { width });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc.font(FONT).fontSize(BODY_SIZE).text(block.text, left, doc.y, { width });
        doc.moveDown(0.5);
        break;
      case 'facts': {
        const labelWidth = Math.min(160, width / 3);
        for (const [label, value] of block.facts) {
          ensureRoom(14);
          const top = doc.y;
          doc.font(BOLD).fontSize(BODY_SIZE).text(label, left, top, { width: labelWidth });
          const afterLabel = doc.y;
          doc.font(FONT).text(value, left + labelWidth, top, { width: width - labelWidth });
          doc.y = Math.max(afterLabel, doc.y);
        }
        doc.x = left;
        doc.moveDown(0.5);
        break;
      }
      case 'table': {
        const total = block.columns.reduce((sum, column) => sum + column.width, 0);
        const widths = block.columns.map((column) => (column.width / total) * width);
        const headerRow = () => {
          const header = drawRow(
            block.columns.map((column) => column.header),
            block.columns,
            widths,
            BOLD,
          );
          ensureRoom(header.rowHeight * 2);
          header.draw();
          rule();
        };
        headerRow();
        if (block.rows.length === 0 && block.emptyText) {
          drawRow([block.emptyText], [{ header: '', width: 1 }], [width], FONT).draw();
        }
        for (const cells of block.rows) {
          const row = drawRow(cells, block.columns, widths, FONT);
          ensureRoom(row.rowHeight, headerRow);
          row.draw();
        }
        if (block.footer && block.footer.length > 0) {
          rule();
          for (const cells of block.footer) {
            const row = drawRow(cells, block.columns, widths, BOLD);
            ensureRoom(row.rowHeight);
            row.draw();
          }
        }
        doc.moveDown();
        break;
      }
      case 'signatures': {
        const rowHeight = 44;
        ensureRoom(rowHeight * block.signers.length + 16);
        doc.moveDown();
        const fields = [
          ['Name', 0.42],
          ['Signature', 0.33],
          ['Date', 0.25],
        ] as const;
        for (const signer of block.signers) {
          const top = doc.y;
          doc.font(BOLD).fontSize(BODY_SIZE).text(signer, left, top, { width });
          const lineY = top + rowHeight - 14;
          let x = left;
          for (const [label, share] of fields) {
            const fieldWidth = width * share - 12;
            doc
              .moveTo(x, lineY)
              .lineTo(x + fieldWidth, lineY)
              .lineWidth(0.5)
              .strokeColor('black')
              .stroke();
            doc
              .font(FONT)
              .fontSize(8)
              .fillColor(MUTED_COLOR)
              .text(label, x, lineY + 2, { width: fieldWidth, lineBreak: false });
            doc.fillColor('black');
            x += width * share;
          }
          doc.x = left;
          doc.y = top + rowHeight + 8;
        }
        break;
      }
    }
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page: lift it for the footer.
    doc.page.margins.bottom = 0;
    if (report.footnote) {
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(MUTED_COLOR)
        .text(report.footnote, left, doc.page.height - bottomMargin, {
          width,
          align: 'center',
          lineBreak: false,
        });
    }
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED_COLOR)
      .text(
        `${report.issuer} · ${report.title} · Page ${i - range.start + 1} of ${range.count}`,
        left,
        doc.page.height - bottomMargin + 12,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
