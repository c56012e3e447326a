import { demoClinicDetails } from './clinic-details';
import { hsaReceiptOf, medicationLineOf } from './hsa-receipt';
import { renderHsaReceiptPdf } from './hsa-receipt-pdf';
import type { PatientCharge } from './patient-charge';

const renewal: PatientCharge = {
  transactionId: 'ch_renewal_1',
  orderId: 42,
  kind: 'renewal',
  amountCents: 24997,
  status: 'success',
  productName: 'Semaglutide Monthly Plan',
  createdAt: new Date('2027-01-05T03:00:00Z'),
  cardBrand: 'mastercard',
  cardLast4: '4444',
  billingAddress: null,
  shippingAddress: { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  drug: 'semaglutide',
  paymentTerms: 1,
  refundedAt: null,
};

describe('what an HSA/FSA receipt says', () => {
  it("names a plan's medication by its drug and the months one payment covers", () => {
    expect(medicationLineOf(renewal)).toBe('Compounded semaglutide, 1-month supply');
    expect(medicationLineOf({ ...renewal, drug: 'tirzepatide', paymentTerms: 12 })).toBe(
      'Compounded tirzepatide, 12-month supply',
    );
    // A charge whose order has no GLP-1 product keeps the name it was charged under.
    expect(medicationLineOf({ ...renewal, drug: null, productName: 'Custom Plan' })).toBe(
      'Custom Plan',
    );
  });

  it('dates the service in the clinic zone and names the card', () => {
    // 3 AM UTC on Jan 5 is still Jan 4 in San Francisco.
    const receipt = hsaReceiptOf(renewal, 'Ana Ruiz', demoClinicDetails);
    expect(receipt.serviceDate).toBe('Jan 4, 2027');
    expect(receipt.paidBy).toBe('Mastercard ending in 4444');
    expect(receipt.lines.map((l) => l.amount)).toEqual([24997, 'included']);
    expect(receipt.refundedCents).toBe(0);
    expect(
      hsaReceiptOf({ ...renewal, cardLast4: null }, null, demoClinicDetails).paidBy,
    ).toBeNull();
  });

  it('is the same bytes for the same receipt', async () => {
    const receipt = hsaReceiptOf(renewal, 'Ana Ruiz', demoClinicDetails);
    expect(Buffer.from(await renderHsaReceiptPdf(receipt, renewal.createdAt))).toEqual(
      Buffer.from(await renderHsaReceiptPdf(receipt, renewal.createdAt)),
    );
  });
});
