import { execFileSync } from 'node:child_process';

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
