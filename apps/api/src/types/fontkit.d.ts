/**
 * The part of fontkit (pdfkit's font engine, which ships no types) that lib/pdf-document.ts
 * uses: opening a font file once, so every document shares its parsed tables.
 */
declare module 'fontkit' {
  export interface Font {
    layout(text: string, features?: Record<string, boolean> | string[]): unknown;
  }
  export function openSync(filename: string): Font;
}
