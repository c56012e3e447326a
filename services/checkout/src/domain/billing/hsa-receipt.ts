/**
 * What an HSA/FSA receipt of one payment says (issue 30, item 5): who was treated, when, by
 * whom (the clinic's name, address and EIN), what was charged for, line by line, and what was
 * paid and refunded. Pure: built from the payment as charged, never from what a request says.
 */
import { antiNausea, clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import { NotFoundError, UnavailableError } from '@clinic/kit';
import type { ClinicDetails } from './clinic-details';
import { invoiceDescription, invoiceNumberOf } from './invoice-pdf';
import { paymentNotFound, type PatientCharge } from './patient-charge';

export const hsaReceiptTexts = {
  title: 'HSA/FSA Receipt',
  consultation: 'Clinician consultation (telehealth)',
  consultationNote: 'Included in the plan price',
  included: 'Included',
  unavailable: 'We could not prepare your receipt just now. Please try again in a minute.',
} as const;

/** No such payment of the caller's: another patient's is the same, the invoice's 404. */
export class ReceiptNotFoundError extends NotFoundError {
  constructor() {
    super(paymentNotFound);
  }
}

/** The patient's name could not be read: a receipt without it is no use to an administrator. */
export class ReceiptUnavailableError extends UnavailableError {
  constructor() {
    super(hsaReceiptTexts.unavailable);
  }
}

export interface ReceiptLine {
  description: string;
  /** A second, smaller line under the description. */
  note: string | null;
  /** Cents charged for it, or 'included' when the price of another line covers it. */
  amount: number | 'included';
}

export interface HsaReceipt {
  clinic: ClinicDetails;
  /** The patient's full name; null when identity knows none. */
  patientName: string | null;
  serviceDate: string;
  invoiceNumber: string;
  orderNumber: string;
  transactionId: string;
  /** "Visa ending in 4242", when the charge recorded its card. */
  paidBy: string | null;
  lines: ReceiptLine[];
  paidCents: number;
  /** What went back to the card, and on which day when known; 0 when nothing did. */
  refundedCents: number;
  refundedOn: string | null;
  /** The plain words at the end: what the receipt is for, and what an administrator may ask. */
  statement: string[];
}

/**
 * The medication as the patient bought it: a plan's "Compounded tirzepatide, 6-month supply"
 * (each payment of a plan pays for its term in months), the anti-nausea add-on with its pills.
 */
export function medicationLineOf(charge: PatientCharge): string {
  if (charge.kind !== 'add-on' && charge.drug)
    return `Compounded ${charge.drug}, ${charge.paymentTerms}-month supply`;
  if (charge.productName === antiNausea.name)
    return `${antiNausea.name}, ${antiNausea.description}`;
  return invoiceDescription(charge.productName);
}

/** The card brands processors name, as a person writes them. */
const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

function cardOf(charge: PatientCharge): string | null {
  if (!charge.cardLast4) return null;
  const brand = cardBrands[charge.cardBrand?.trim().toLowerCase() ?? ''] ?? 'Card';
  return `${brand} ending in ${charge.cardLast4}`;
}

const day = (at: Date) => formatUsDate(at, clinicTimeZone);

function statementOf(charge: PatientCharge, refundedOn: string | null): string[] {
  const isPlan = charge.kind !== 'add-on';
  // A refunded order may never have been prescribed (a denial): say what was paid for, and that
  // nothing of it is left to claim.
  if (charge.status === 'refunded')
    return [
      `This payment was for a prescription medication for the treatment of obesity${isPlan ? ' and its telehealth consultation' : ''}. It was refunded in full${refundedOn ? ` on ${refundedOn}` : ''}, so there is nothing left to claim for it.`,
    ];
  return [
    isPlan
      ? 'This receipt is for a prescribed medication for the treatment of obesity, and for the telehealth consultation with the licensed clinician who prescribed it.'
      : 'This receipt is for a prescribed medication, part of a treatment of obesity that a licensed clinician supervises through telehealth.',
    'You can send it to your HSA or FSA administrator with your claim. Your administrator decides what your plan pays back, and may ask for a letter of medical necessity: you can ask your clinician for one through your patient portal.',
  ];
}

export function hsaReceiptOf(
  charge: PatientCharge,
  patientName: string | null,
  clinic: ClinicDetails,
): HsaReceipt {
  const lines: ReceiptLine[] = [
    { description: medicationLineOf(charge), note: null, amount: charge.amountCents },
  ];
  // A plan's price covers the clinician's care; an add-on is the pills alone.
  if (charge.kind !== 'add-on')
    lines.push({
      description: hsaReceiptTexts.consultation,
      note: hsaReceiptTexts.consultationNote,
      amount: 'included',
    });
  const refunded = charge.status === 'refunded';
  const refundedOn = refunded && charge.refundedAt ? day(charge.refundedAt) : null;
  return {
    clinic,
    patientName,
    serviceDate: day(charge.createdAt),
    invoiceNumber: invoiceNumberOf(charge.transactionId),
    orderNumber: orderNumber(charge.orderId),
    transactionId: charge.transactionId,
    paidBy: cardOf(charge),
    lines,
    paidCents: charge.amountCents,
    // The clinic refunds a charge whole (refunded-charge.ts), as the invoice shows it.
    refundedCents: refunded ? charge.amountCents : 0,
    refundedOn,
    statement: statementOf(charge, refundedOn),
  };
}
