import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The text of a PDF as a reader sees it, extracted by poppler's `pdftotext` (Debian's
 * poppler-utils, which .ci/run installs): an independent reader, so a test proves the file opens
 * and says what it should, not merely that our writer ran.
 */
export function pdfText(pdf: Buffer | Uint8Array, { layout = true } = {}): string {
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
}

/** How many pages the PDF has, by `pdfinfo`. */
export function pdfPageCount(pdf: Buffer | Uint8Array): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  const match = /^Pages:\s+(\d+)/m.exec(info);
  if (!match?.[1]) throw new Error(`pdfinfo gave no page count:\n${info}`);
  return Number(match[1]);
}

/**
 * The fonts a PDF uses, as poppler's `pdffonts` lists them: the name, and whether the font's
 * file is embedded and has a Unicode map (so the reader shows and copies the right characters).
 */
export function pdfFonts(
  pdf: Buffer | Uint8Array,
): { name: string; embedded: boolean; unicodeMap: boolean }[] {
  const listing = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' });
  // name, type (one or two words), encoding, emb, sub, uni, object, id
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      const [emb, , uni] = fields.slice(-5, -2);
      return { name: fields[0] ?? '', embedded: emb === 'yes', unicodeMap: uni === 'yes' };
    });
}

/**
 * The bold text of each page, as poppler's `pdftohtml -xml` reads the fonts back: shows what a
 * reader sees set as a header.
 */
export function pdfBoldTextByPage(pdf: Buffer | Uint8Array): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-bold-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const xml = execFileSync('pdftohtml', ['-xml', '-stdout', '-i', '-q', file], {
      encoding: 'utf8',
    });
    return xml
      .split(/<page number="\d+"/)
      .slice(1)
      .map((page) =>
        [...page.matchAll(/<text [^>]*><b>(.*?)<\/b><\/text>/g)].map((m) => m[1] ?? ''),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
