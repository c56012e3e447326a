/**
 * The HSA/FSA receipt as a PDF, drawn with the invoice's kit (pdf-kit.ts): the clinic with its
 * EIN, the patient and the date of service, the itemised lines, what was paid and refunded, and
 * the plain words of what the receipt is for. Pure: the same receipt gives the same bytes.
 */
import { formatUsd, MUTED, PAGE, billingDocument } from './pdf-kit';
import { hsaReceiptTexts, type HsaReceipt } from './hsa-receipt';

export async function renderHsaReceiptPdf(
  receipt: HsaReceipt,
  issuedAt: Date,
): Promise<Uint8Array> {
  const { clinic } = receipt;
  const { doc, writer: w } = await billingDocument({
    title: `${hsaReceiptTexts.title} ${receipt.invoiceNumber}`,
    author: clinic.legalName,
    date: issuedAt,
  });
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  let y = PAGE.height - PAGE.margin - 10;

  // The provider: name (a long one wraps short of the title), address and tax id.
  w.lines(clinic.legalName, width - 190, { size: 14, bold: true }).forEach((line, i) => {
    if (i > 0) y -= 17;
    w.text(line, left, y, { size: 14, bold: true });
  });
  w.text(hsaReceiptTexts.title.toUpperCase(), right, PAGE.height - PAGE.margin - 10, {
    size: 18,
    bold: true,
    alignRight: true,
  });
  for (const line of [...clinic.addressLines, `Tax ID (EIN): ${clinic.ein}`]) {
    y -= 15;
    w.text(line, left, y, { color: MUTED });
  }

  // Who, when, and which payment.
  y -= 35;
  const facts: [string, string | null][] = [
    ['Patient', receipt.patientName],
    ['Date of service', receipt.serviceDate],
    ['Invoice number', receipt.invoiceNumber],
    ['Order', receipt.orderNumber],
    ['Transaction ID', receipt.transactionId],
    ['Paid by', receipt.paidBy],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    w.text(label, left, y, { color: MUTED });
    w.text(value, left + 110, y, { bold: label === 'Patient' });
    y -= 15;
  }

  // The itemised lines.
  y -= 25;
  w.text('Description', left, y, { bold: true, color: MUTED });
  w.text('Amount', right, y, { bold: true, color: MUTED, alignRight: true });
  y -= 8;
  w.rule(y);
  const descriptionWidth = width - 120;
  for (const line of receipt.lines) {
    y -= 16;
    const amount = line.amount === 'included' ? hsaReceiptTexts.included : formatUsd(line.amount);
    const [first = '', ...rest] = w.lines(line.description, descriptionWidth, {});
    w.text(first, left, y, {});
    w.text(amount, right, y, { alignRight: true });
    for (const part of rest) {
      y -= 13;
      w.text(part, left, y, {});
    }
    if (line.note) {
      y -= 12;
      w.text(line.note, left, y, { size: 8, color: MUTED });
    }
  }
  y -= 10;
  w.rule(y);

  // Paid and refunded, in the invoice's dollars.
  const totals: [string, string, boolean][] = [['Amount paid', formatUsd(receipt.paidCents), true]];
  if (receipt.refundedCents > 0) {
    totals.push([
      receipt.refundedOn ? `Refunded on ${receipt.refundedOn}` : 'Refunded',
      formatUsd(-receipt.refundedCents),
      false,
    ]);
    totals.push(['Net amount paid', formatUsd(receipt.paidCents - receipt.refundedCents), true]);
  }
  y -= 20;
  for (const [label, value, bold] of totals) {
    w.text(label, right - 110, y, { bold, alignRight: true });
    w.text(value, right, y, { bold, alignRight: true });
    y -= 16;
  }

  // What the receipt is for, in plain words.
  y -= 20;
  w.text('About this receipt', left, y, { bold: true });
  for (const paragraph of receipt.statement) {
    y -= 4;
    for (const line of w.lines(paragraph, width, {})) {
      y -= 14;
      w.text(line, left, y, {});
    }
  }

  w.footer(
    `All amounts in USD. Questions about this receipt? Contact ${clinic.legalName} through your patient portal.`,
  );

  return doc.save();
}
