/**
 * The invoice of one payment as a PDF (spec 001 section 7, "Invoice download"): USD, one line
 * item with quantity 1 (default description "Subscription Service"), Paid equal to the amount,
 * amount due $0.00. Pure: the same data always gives the same bytes (no clock, no I/O).
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { clinicTimeZone, formatUsDate } from '@clinic/contracts';

/** The company behind the clinic, as the site footer prints it (web/src/brand.ts). */
export const INVOICE_ISSUER = {
  name: 'GLP Clinic Health, Inc.',
  addressLines: ['1200 Market Street, Suite 400', 'San Francisco, CA 94102'],
} as const;

export const DEFAULT_INVOICE_DESCRIPTION = 'Subscription Service';

export interface InvoiceData {
  transactionId: string;
  /** Derived from the transaction id: see `invoiceNumberOf`. */
  invoiceNumber: string;
  /** The order it paid for, by the one number the patient reads everywhere ("#1042"). */
  orderNumber: string;
  /** When the payment was made. */
  issuedAt: Date;
  description: string;
  amountCents: number;
  status: 'Paid' | 'Refunded';
  /** The patient, when known: full name, the address of the order's bill, email. */
  billedTo: BilledTo | null;
}

export interface BilledTo {
  name: string | null;
  /** The billing address of the order (its shipping address when it had no other), printed. */
  addressLines: readonly string[];
  email: string;
}

/** An address as an invoice prints it: street, unit, "City, ST 12345". */
export function addressLinesOf(address: {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zip: string;
}): string[] {
  return [
    address.addressLine1,
    address.addressLine2 ?? '',
    `${address.city}, ${address.state} ${address.zip}`,
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== ',');
}

/** A stable, short invoice number for a transaction: `INV-` and 12 hex digits of its hash. */
export function invoiceNumberOf(transactionId: string): string {
  const digest = createHash('sha256').update(transactionId).digest('hex');
  return `INV-${digest.slice(0, 12).toUpperCase()}`;
}

/** The line item's description: the one asked for, else the transaction's, else the default. */
/**
 * The line item's description: the product the transaction recorded. Never a caller's text: a
 * "Paid" invoice must not print what the request asked it to.
 */
export function invoiceDescription(stored: string | null | undefined): string {
  return stored?.trim() || DEFAULT_INVOICE_DESCRIPTION;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,349.82`; negative as `-$19.97`. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

const PAGE = { width: 612, height: 792, margin: 56 } as const; // US Letter, points
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.82, 0.82, 0.85);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The standard fonts encode WinAnsi only: any other character (an emoji in a name) would make
 * pdf-lib throw, so it is replaced by "?". Control characters become spaces.
 */
function printable(font: PDFFont, text: string): string {
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
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
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

class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  text(
    text: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; alignRight?: boolean },
  ): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const size = opts.size ?? 10;
    const safe = printable(font, text);
    const left = opts.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: left, y, size, font, color: opts.color ?? INK });
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

/** Renders the invoice; resolves to the PDF's bytes. */
export async function renderInvoicePdf(invoice: InvoiceData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // Fixed metadata (pdf-lib would stamp the current time): the same invoice, the same bytes.
  doc.setTitle(`Invoice ${invoice.invoiceNumber}`);
  doc.setAuthor(INVOICE_ISSUER.name);
  doc.setCreator(INVOICE_ISSUER.name);
  doc.setProducer(INVOICE_ISSUER.name);
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);

  const page = doc.addPage([PAGE.width, PAGE.height]);
  const w = new Writer(page, fonts);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const amount = formatUsd(invoice.amountCents);
  let y = PAGE.height - PAGE.margin - 10;

  // Issuer, and the title on the right.
  w.text('INVOICE', right, y, { size: 22, bold: true, alignRight: true });
  w.text(INVOICE_ISSUER.name, left, y, { size: 14, bold: true });
  for (const line of INVOICE_ISSUER.addressLines) {
    y -= 15;
    w.text(line, left, y, { color: MUTED });
  }

  // The invoice's facts.
  y -= 40;
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Order', invoice.orderNumber],
    ['Date of issue', formatUsDate(invoice.issuedAt, clinicTimeZone)],
    ['Transaction ID', invoice.transactionId],
    ['Status', invoice.status],
    ['Currency', 'USD'],
  ];
  for (const [label, value] of facts) {
    w.text(label, left, y, { color: MUTED });
    w.text(value, left + 110, y, { bold: label === 'Status' });
    y -= 15;
  }

  // Billed to, when the patient is known.
  if (invoice.billedTo) {
    y -= 15;
    w.text('Billed to', left, y, { bold: true });
    const { name, addressLines, email } = invoice.billedTo;
    for (const line of [name, ...addressLines, email]) {
      if (!line?.trim()) continue;
      y -= 15;
      w.text(line.trim(), left, y, {});
    }
    y -= 15;
  }

  // The one line item.
  y -= 25;
  const cols = { qty: right - 200, unit: right - 90, amount: right };
  w.text('Description', left, y, { bold: true, color: MUTED });
  w.text('Qty', cols.qty, y, { bold: true, color: MUTED, alignRight: true });
  w.text('Unit price', cols.unit, y, { bold: true, color: MUTED, alignRight: true });
  w.text('Amount', cols.amount, y, { bold: true, color: MUTED, alignRight: true });
  y -= 8;
  w.rule(y);
  y -= 16;
  const descriptionWidth = cols.qty - 40 - left;
  const lines = wrap(
    fonts.regular,
    10,
    printable(fonts.regular, invoice.description),
    descriptionWidth,
  );
  w.text(lines[0] ?? '', left, y, {});
  w.text('1', cols.qty, y, { alignRight: true });
  w.text(amount, cols.unit, y, { alignRight: true });
  w.text(amount, cols.amount, y, { alignRight: true });
  for (const line of lines.slice(1)) {
    y -= 13;
    w.text(line, left, y, {});
  }
  y -= 10;
  w.rule(y);

  // Totals.
  const totals: [string, string, boolean][] = [
    ['Subtotal', amount, false],
    ['Total', amount, true],
    ['Paid', amount, false],
  ];
  if (invoice.status === 'Refunded')
    totals.push(['Refunded', formatUsd(-invoice.amountCents), false]);
  totals.push(['Amount due', formatUsd(0), true]);
  y -= 20;
  for (const [label, value, bold] of totals) {
    w.text(label, cols.unit - 60, y, { bold });
    w.text(value, cols.amount, y, { bold, alignRight: true });
    y -= 16;
  }

  w.text(
    `All amounts in USD. Questions about this invoice? Contact ${INVOICE_ISSUER.name} through your patient portal.`,
    left,
    PAGE.margin,
    { size: 8, color: MUTED },
  );

  return doc.save();
}
