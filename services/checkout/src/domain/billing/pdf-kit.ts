/**
 * What the clinic's billing documents (the invoice, the HSA/FSA receipt) are drawn with: one
 * US Letter page of pdf-lib's standard Helvetica, its colours, safe text, wrapping and dollars.
 * Pure: the same document gives the same bytes (its dates are the payment's, never the clock's).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,349.82`; negative as `-$19.97`. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

export const PAGE = { width: 612, height: 792, margin: 56 } as const; // US Letter, points
export const INK = rgb(0.12, 0.12, 0.14);
export const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.82, 0.82, 0.85);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The standard fonts encode WinAnsi only: any other character (an emoji in a name) would make
 * pdf-lib throw, so it is replaced by "?". Control characters become spaces.
 */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text)
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return ' ';
      return known.has(code) ? ch : '?';
    })
    .join('');
}

/** Splits text into lines no wider than `width`, breaking long words too. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  alignRight?: boolean;
}

export class Writer {
  constructor(
    private readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  text(text: string, x: number, y: number, opts: TextOptions): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const size = opts.size ?? 10;
    const safe = printable(font, text);
    const left = opts.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: left, y, size, font, color: opts.color ?? INK });
  }

  /** `text` as lines no wider than `width`, in the font and size of `opts`. */
  lines(text: string, width: number, opts: TextOptions): string[] {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    return wrap(font, opts.size ?? 10, printable(font, text), width);
  }

  /** Small print at the foot of the page, wrapped to its width. */
  footer(text: string): void {
    const opts = { size: 8, color: MUTED };
    const lines = this.lines(text, PAGE.width - 2 * PAGE.margin, opts);
    lines.forEach((line, i) => {
      this.text(line, PAGE.margin, PAGE.margin + (lines.length - 1 - i) * 10, opts);
    });
  }

  rule(y: number): void {
    this.page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/** A one-page document by `author`, dated `date` (the payment's), ready to write on. */
export async function billingDocument(meta: {
  title: string;
  author: string;
  date: Date;
}): Promise<{ doc: PDFDocument; writer: Writer }> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // Fixed metadata (pdf-lib would stamp the current time): the same document, the same bytes.
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  return { doc, writer: new Writer(page, fonts) };
}
