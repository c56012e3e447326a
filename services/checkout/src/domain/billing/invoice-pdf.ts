/**
 * The invoice of one payment as a PDF (spec 001 section 7, "Invoice download"): USD, one line
 * item with quantity 1 (default description "Subscription Service"), Paid equal to the amount,
 * amount due $0.00. Pure: the same data always gives the same bytes (no clock, no I/O).
 */
import { createHash } from 'node:crypto';
import { clinicTimeZone, formatUsDate } from '@clinic/contracts';
import { demoClinicDetails, type ClinicDetails } from './clinic-details';
import { MUTED, PAGE, billingDocument, formatUsd } from './pdf-kit';

export { formatUsd } from './pdf-kit';

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

/**
 * The line item's description: the product the transaction recorded. Never a caller's text: a
 * "Paid" invoice must not print what the request asked it to.
 */
export function invoiceDescription(stored: string | null | undefined): string {
  return stored?.trim() || DEFAULT_INVOICE_DESCRIPTION;
}

/** Renders the invoice, issued by `issuer` (the configured clinic); resolves to its bytes. */
export async function renderInvoicePdf(
  invoice: InvoiceData,
  issuer: ClinicDetails = demoClinicDetails,
): Promise<Uint8Array> {
  const { doc, writer: w } = await billingDocument({
    title: `Invoice ${invoice.invoiceNumber}`,
    author: issuer.legalName,
    date: invoice.issuedAt,
  });
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const amount = formatUsd(invoice.amountCents);
  let y = PAGE.height - PAGE.margin - 10;

  // Issuer, and the title on the right.
  w.text('INVOICE', right, y, { size: 22, bold: true, alignRight: true });
  // A long legal name wraps short of the title.
  w.lines(issuer.legalName, right - left - 140, { size: 14, bold: true }).forEach((line, i) => {
    if (i > 0) y -= 17;
    w.text(line, left, y, { size: 14, bold: true });
  });
  for (const line of issuer.addressLines) {
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
  const lines = w.lines(invoice.description, descriptionWidth, {});
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

  w.footer(
    `All amounts in USD. Questions about this invoice? Contact ${issuer.legalName} through your patient portal.`,
  );

  return doc.save();
}
