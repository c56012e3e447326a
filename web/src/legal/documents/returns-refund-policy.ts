import { antiNausea } from '@clinic/contracts';
import { formatUsd } from '../../ui/money';
import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from '../document';
import type { LegalContext } from '../legalDocs';
import { legalPath } from '../legalPath';
import { brand, careEmail, carePhone, contactSection } from './contact';

/** The policy under the prices in force (its early termination fee quotes them). */
const policy = ({ prices }: LegalContext): LegalDocument => ({
  title: 'Returns & Refund Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    `This policy explains when ${brand} refunds a payment, why prescription medication cannot be returned, and what happens when an order arrives damaged or goes missing. It is part of our [Terms of Use](${legalPath('terms-of-use')}).`,
    {
      callout: [
        '**Not approved? Full refund.** If a Provider does not approve you, we refund everything you paid for that order. You do not owe the consultation fee.',
        '**Damaged or missing?** Tell us within 7 days of delivery and we send a replacement at no cost.',
        '**Medication cannot be returned** once a pharmacy has dispensed it.',
      ],
      title: 'The short version',
    },
  ],
  sections: [
    {
      id: 'not-approved',
      heading: '1. Full refund if you are not approved',
      blocks: [
        'Your payment at checkout includes your Provider consultation. If, after reviewing your assessment, a Provider decides that medication is not right for you and denies the prescription:',
        {
          list: [
            'we refund in full every payment for that order: the plan, any add-on such as ' +
              `${antiNausea.name}, and any renewal charged before the decision;`,
            'the refund starts as soon as the decision is recorded, to the card you paid with; you do not need to ask for it;',
            'your plan ends and no further payment is charged;',
            'we email you to confirm the refund.',
          ],
        },
        'Your bank usually shows the refund within 5 to 10 business days, depending on the card issuer.',
      ],
    },
    {
      id: 'no-returns',
      heading: '2. Medication cannot be returned',
      blocks: [
        'Prescription medication, including compounded semaglutide and tirzepatide and the anti-nausea medication, is prepared and dispensed for you alone. Pharmacy laws and safety rules do not allow a pharmacy to take back and re-dispense medication once it has left the pharmacy, because its storage and handling can no longer be guaranteed. For that reason we cannot accept returns, and we do not refund medication that has been dispensed, except as described in this policy.',
        "Please do not send medication back to us or to the pharmacy. If you need to dispose of unused medication, use a drug take-back location or follow the [FDA's disposal guidance](https://www.fda.gov/drugs/safe-disposal-medicines/disposal-unused-medicines-what-you-should-know), and put used needles in a sharps container.",
      ],
    },
    {
      id: 'damaged-or-missing',
      heading: '3. Damaged, missing or incorrect items',
      blocks: [
        'If your package arrives damaged, an item is missing or wrong, or tracking shows delivery but you did not receive it, we will make it right at no cost to you.',
        {
          list: [
            'Ask for a replacement within **7 days of delivery** from your portal (the replacement request asks what happened, for a photo and which items are affected), or contact us.',
            'Once we have reviewed your request, we send a replacement of the affected items with the same free shipping.',
            'If a vial is broken or leaking, or the package was delayed and arrived warm, do not use that medication before we confirm whether it is safe; we will replace it if it is not.',
            'If the carrier loses your package, we send a replacement.',
          ],
        },
        'A request made more than 7 days after delivery may still be reviewed, but we cannot promise a replacement.',
      ],
    },
    {
      id: 'cancelling',
      heading: '4. Cancelling and early termination',
      blocks: [
        'You can cancel your plan at any time in your portal under Billing. Cancellation takes effect immediately and stops all future charges. What happens to payments already made depends on your plan:',
        {
          list: [
            `**Monthly Plan.** The Monthly Plan sends 3 months of medication with your first payment and carries a 3-month commitment. If you cancel before your third payment, an early termination fee may apply: at most the regular monthly price (${formatUsd(prices.semaglutide.terms[1])} for semaglutide, ${formatUsd(prices.tirzepatide.terms[1])} for tirzepatide) for each unpaid month of the commitment, reflecting medication already sent to you at the reduced first-month price (${formatUsd(prices.semaglutide.firstMonth)} or ${formatUsd(prices.tirzepatide.firstMonth)}). It is never charged automatically; if we decide it applies, we tell you the amount in writing before any charge.`,
            '**Quarterly, Half Yearly and Yearly Plans.** These are paid in advance for the whole term. Cancelling stops the next renewal; the term you paid for is not refunded, and its remaining shipments are still sent to you.',
            '**Past Due plans.** A plan that is Past Due after failed renewal payments is never charged again automatically, and no medication is sent for the unpaid period.',
          ],
        },
      ],
    },
    {
      id: 'other-refunds',
      heading: '5. Other refunds',
      blocks: [
        {
          list: [
            '**Charged in error.** If you were charged twice, charged after cancelling, or charged the wrong amount, contact us and we will refund the error in full.',
            '**We cannot fill your prescription.** If we or our pharmacies cannot provide the medication your Provider prescribed (for example, because of a change in law or supply), we refund any amount paid for medication that has not been dispensed.',
            '**Prescription cancelled by your Provider.** If your Provider stops your prescription for medical reasons, no further renewal is charged, and we refund any renewal already charged for medication that has not been dispensed.',
          ],
        },
      ],
    },
    {
      id: 'how-refunds-are-paid',
      heading: '6. How refunds are paid',
      blocks: [
        'Refunds go back to the card used for the payment; we cannot refund in cash or to a different card. If you do not see a refund after 10 business days, contact us with the date and amount and we will trace it with our payment processor.',
        `If you think a charge is wrong, please contact us before disputing it with your bank: we can usually fix it faster. You can reach us at ${careEmail} or ${carePhone}.`,
      ],
    },
    contactSection('Questions about a refund, a return or a replacement? Contact our care team.'),
  ],
});

export default policy;
