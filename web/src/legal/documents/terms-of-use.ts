import {
  antiNausea,
  drugs,
  paymentTermLabels,
  paymentTerms,
  stateName,
  type PriceTable,
  type StateRules,
} from '@clinic/contracts';
import { formatUsd } from '../../ui/money';
import { LEGAL_EFFECTIVE_DATE, type LegalDocument, type LegalSection } from '../document';
import type { LegalContext } from '../legalDocs';
import { legalPath } from '../legalPath';
import { brand, careEmail, carePhone, company, contactSection } from './contact';

const renewalWords: Record<number, string> = {
  1: 'every month',
  3: 'every 3 months',
  6: 'every 6 months',
  12: 'every 12 months',
};

/** The price table in force (spec 001 section 9 until an admin changes it), as plans are sold. */
const priceRows = (prices: PriceTable) =>
  paymentTerms.map((term) => {
    const { name } = paymentTermLabels[term];
    return [
      name,
      ...drugs.map((drug) => {
        const { firstMonth, terms } = prices[drug];
        const today = formatUsd(term === 1 ? firstMonth : terms[term]);
        return `${today} today, then ${formatUsd(terms[term])} ${renewalWords[term]}`;
      }),
    ];
  });

/** Section 3, naming the states where care is not yet offered by the rules in force. */
function eligibilitySection(rules: StateRules): LegalSection {
  return {
    id: 'eligibility',
    heading: '3. Who can use our services',
    blocks: [
      'To use our services you must:',
      {
        list: [
          'be at least 18 years old;',
          rules.blockedStates.length === 0
            ? 'live in, and be physically located in, a US state at the time of each consultation;'
            : 'live in, and be physically located in, a US state where we offer care at the time of each consultation (we do not yet offer care in ' +
              `${rules.blockedStates.map(stateName).join(', ')});`,
          'give complete, accurate and current information about yourself and your health, and update it when it changes;',
          'use your account only for yourself: one account per person, and never on behalf of someone else.',
        ],
      },
      'Meeting these requirements does not mean a Provider will prescribe medication for you. A Provider decides after reviewing your medical assessment (section 4).',
    ],
  };
}

/** Marks where section 3 goes: the rules in force write it. */
const eligibility: LegalSection = { id: 'eligibility', heading: '', blocks: [] };

/** Section 7, quoting the prices in force. */
function pricingSection(prices: PriceTable): LegalSection {
  return {
    id: 'pricing',
    heading: '7. Plans, prices and payment',
    blocks: [
      'The price of each plan covers your Provider consultations, the medication your Provider prescribes at any dose level (every dose costs the same), and shipping. Prices are in US dollars and are shown before you pay. We do not bill health insurance.',
      {
        table: {
          caption: 'Plan prices',
          head: ['Plan', 'Semaglutide', 'Tirzepatide'],
          rows: priceRows(prices),
        },
      },
      `The optional ${antiNausea.name} add-on (${antiNausea.description}) costs ${formatUsd(prices.antiNausea)}, charged once when you add it to your order, and is also prescribed by your Provider.`,
      'The consultation fee included in your plan price is paid to the Providers. **You do not owe it if your consultation ends in a denial:** if a Provider does not approve you, we refund everything you paid for that order (section 10).',
      'A coupon takes a fixed amount off the payment it is applied to; it does not reduce later renewals. You authorize us and our payment processor to charge the card you give us for your plan, its renewals (section 8) and any add-on you choose. Card details are handled by our payment processor; they never reach our servers.',
      'We may change our prices for new purchases at any time. We will not change the renewal price of your current plan without emailing you at least 30 days before the change applies, and you may cancel before then.',
    ],
  };
}

/** Marks where section 7 goes: the prices in force write it. */
const pricing: LegalSection = { id: 'pricing', heading: '', blocks: [] };

const text: LegalDocument = {
  title: 'Terms of Use',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    `These Terms of Use ("Terms") are an agreement between you and ${company} ("${brand}", "we", "us"). They apply when you use our website, patient portal and services, including the intake quiz, checkout, messaging and any medication you receive through us. Please read them carefully, especially the sections on automatic renewal (section 8), cancellation (section 9) and disputes (section 17).`,
    {
      callout: [
        '**Not for emergencies.** If you have a medical emergency, call 911 or go to the nearest emergency room. If you are thinking about harming yourself, call or text 988.',
      ],
      tone: 'warning',
    },
  ],
  sections: [
    {
      id: 'agreement',
      heading: '1. Agreeing to these Terms',
      blocks: [
        `You accept these Terms when you check the box agreeing to them (in the intake quiz or at checkout) or when you use our services. They include, by reference, our [Privacy Policy](${legalPath('privacy-policy')}), [HIPAA Notice of Privacy Practices](${legalPath('hipaa-notice')}), [TeleHealth Consent](${legalPath('telehealth-consent')}) and [Returns & Refund Policy](${legalPath('returns-refund-policy')}). If you do not agree, please do not use our services.`,
      ],
    },
    {
      id: 'who-we-are',
      heading: '2. Who we are and what we do',
      blocks: [
        `${brand} runs an online weight-loss program. We provide the website, the patient portal, customer support, billing and the logistics that connect you with independent, licensed physicians and other clinicians ("Providers") and with state-licensed compounding pharmacies.`,
        `${company} does not practice medicine and does not dispense medication. All medical decisions, including whether to prescribe, what to prescribe and at what dose, are made by your Provider using their independent professional judgment. Prescriptions are filled by licensed 503A compounding pharmacies, which prepare medication for you individually on a Provider's prescription.`,
      ],
    },
    eligibility,
    {
      id: 'telehealth',
      heading: '4. Your care: the telehealth relationship',
      blocks: [
        'After you pay, you verify your contact details and complete an online medical assessment. A Provider licensed in your state reviews it, usually within 24 hours. Your Provider may ask you questions, ask for photos, a short video, lab results or a live video or phone visit, and may decline to prescribe. A provider-patient relationship begins when a Provider reviews your assessment.',
        'If your Provider prescribes medication, you can review the prescription in your portal, approve it or ask your Provider to change it. If we do not hear from you within 12 hours, your order is shipped as written.',
        'Our services are not a replacement for a primary care doctor. We encourage you to keep your own doctor informed about the medication you take. Telehealth has limits: a Provider cannot examine you in person, and the quality of your care depends on the information you give.',
        `How telehealth works, its risks and benefits, and the risks of GLP-1 medication are explained in our [TeleHealth Consent](${legalPath('telehealth-consent')}), which you accept before your assessment.`,
      ],
    },
    {
      id: 'emergencies',
      heading: '5. No emergency care',
      blocks: [
        {
          callout: [
            'Our services are not for emergencies or urgent problems. If you think you have a medical emergency, such as severe stomach pain that does not go away, trouble breathing, swelling of your face or throat, fainting or chest pain, **call 911** or go to the nearest emergency room. Do not wait for a reply in the portal.',
          ],
          tone: 'warning',
        },
        'Messages to your Provider are usually answered within 24 hours, and our care team answers chat during staffed hours. Neither is monitored around the clock.',
      ],
    },
    {
      id: 'compounded-medication',
      heading: '6. About compounded medication',
      blocks: [
        'The semaglutide and tirzepatide we offer are compounded: prepared by a state-licensed 503A pharmacy for an individual patient under a prescription. **Compounded drugs are not approved by the US Food and Drug Administration (FDA).** The FDA does not review compounded drugs for safety, effectiveness or quality before they are dispensed, and they are not generic versions of brand-name medications such as Ozempic, Wegovy, Mounjaro or Zepbound.',
        'Your Provider prescribes a compounded medication only when they decide it is appropriate for you. If you prefer an FDA-approved medication, ask your Provider or your own doctor; those may be covered by insurance, which we do not bill.',
        'The rules on compounding can change. If a change in law or in the supply of an ingredient means we can no longer provide your medication, we will tell you as soon as we can, stop future charges, and refund any prepaid amount for medication that has not been dispensed.',
      ],
    },
    pricing,
    {
      id: 'automatic-renewal',
      heading: '8. Subscriptions and automatic renewal',
      blocks: [
        {
          callout: [
            '**Your plan renews automatically until you cancel.** At the end of each plan term we charge the card on file the renewal price shown in the table above, on your next billing date, without asking you again. You can cancel at any time in your portal under Billing (section 9). The Monthly Plan has a 3-month commitment.',
          ],
          title: 'Automatic renewal terms',
        },
        { subheading: 'Terms and billing dates' },
        {
          list: [
            'Your plan starts on the day you pay. Your next billing date is one plan term later (1, 3, 6 or 12 calendar months), and each renewal moves it one more term. If that day does not exist in a month (for example the 31st), we bill on the last day of that month. Your next billing date is always shown in your portal under Billing.',
            'Monthly Plan: today you pay the first-month price; each month after that you pay the regular monthly price shown above.',
            'Quarterly, Half Yearly and Yearly Plans: you pay the whole term in advance, and each renewal charges the same term price.',
          ],
        },
        { subheading: 'What you receive' },
        {
          list: [
            'Medication ships in 3-month (90-day) supplies. On the Monthly Plan, your first, fourth, seventh (and so on) payments each send a 3-month supply; the Quarterly Plan sends one with each payment; the Half Yearly Plan sends one at payment and one 90 days later; the Yearly Plan sends one at payment and at 90, 180 and 270 days.',
            'Renewals continue only while your Provider continues to prescribe for you; your Provider may ask you to complete a short check-in before a refill. If your prescription is denied or cancelled, we do not charge a renewal and your plan ends.',
          ],
        },
        { subheading: 'If a renewal payment fails' },
        {
          list: [
            'If your card is declined, we try again 1 day later and, if that fails, 2 days after that (3 attempts in all). Your plan stays active meanwhile, and if you update your card in the portal, the next attempt uses the new card.',
            'After the third decline your plan becomes **Past Due**: we stop trying to charge you, we email you once, and no medication for that period is sent. You can pay the past-due amount at any time with **Pay Now** in your portal; your plan is then active again and your next billing date is one term after that payment.',
          ],
        },
        'You can see every payment and download a receipt in your portal under Billing.',
      ],
    },
    {
      id: 'cancellation',
      heading: '9. Cancelling your plan',
      blocks: [
        'You can cancel online at any time: open your portal, go to **Billing**, choose **Cancel Subscription** and confirm. You can also cancel by emailing ' +
          `${careEmail} or calling ${carePhone}. Cancellation takes effect immediately, and we make no further charges.`,
        {
          list: [
            '**Monthly Plan (3-month commitment).** Because the Monthly Plan sends 3 months of medication up front, it requires at least 3 monthly payments. If you cancel before your third payment, an early termination fee may apply: at most the regular monthly price for each unpaid month of the commitment. We never charge it automatically; if we decide it applies, we will tell you the amount in writing before any charge.',
            '**Quarterly, Half Yearly and Yearly Plans.** These are paid in full in advance, so cancelling stops the next renewal. The rest of the term you paid for is not refunded, and its remaining shipments are still sent to you.',
            '**Past Due plans.** A Past Due plan is never charged again automatically. You can pay it with Pay Now, or contact us to close it.',
          ],
        },
        'Cancelling your plan does not delete your account or your medical records, which we must keep by law (see our Privacy Policy).',
      ],
    },
    {
      id: 'refunds',
      heading: '10. Refunds',
      blocks: [
        `If a Provider does not approve you, we refund in full every payment for that order (the plan, any add-on and any renewal), to the card you paid with, as soon as the decision is made. Prescription medication cannot be returned once a pharmacy has dispensed it. If an item arrives damaged or goes missing, ask for a free replacement within 7 days of delivery. The details are in our [Returns & Refund Policy](${legalPath('returns-refund-policy')}).`,
      ],
    },
    {
      id: 'shipping',
      heading: '11. Shipping',
      blocks: [
        'We ship to street addresses in the states we serve; carriers cannot deliver to P.O. boxes. Prescriptions that reach the pharmacy before 3 PM Pacific, Monday to Thursday, are processed the same day. Shipping is free: 2-day express, or overnight in cold packaging when your medication needs it, with tracking in your portal.',
        'Please refrigerate your medication as soon as it arrives and follow the storage directions on its label. Delivery dates are estimates; we are not responsible for delays caused by carriers, weather or events outside our control, but we will help you with any delivery problem.',
      ],
    },
    {
      id: 'your-responsibilities',
      heading: '12. Your responsibilities',
      blocks: [
        {
          list: [
            'Give your Provider complete and truthful information, including your medical history, other medications and any pregnancy, and tell them promptly about side effects or changes in your health.',
            'Use your medication only as prescribed, only for yourself, and never share or resell it.',
            'Keep your login details private. You are responsible for what is done in your account until you tell us it was used without your permission.',
            'Do not misuse our services: no false identities, no attempts to obtain medication for someone else, no interference with the website, no scraping or reverse engineering, and no unlawful use.',
          ],
        },
      ],
    },
    {
      id: 'communications',
      heading: '13. Emails, texts and other messages',
      blocks: [
        'You agree that we and your Providers may contact you by email, text message (SMS), phone and portal messages about your account, orders, verification codes, prescriptions, payments and care. These messages are part of the service and you cannot opt out of them while you have an active plan, but you can choose how we reach you by contacting us.',
        'We send marketing emails or texts only with your consent, which is never a condition of buying anything. You can unsubscribe from marketing email with the link in each email, and stop marketing texts by replying STOP. Message and data rates may apply.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '14. Our content',
      blocks: [
        `The website, the portal and their content, including text, graphics and software, belong to ${company} or its licensors. You may use them for your personal care only. Information on our website is general and is not medical advice for you; your Provider's advice is.`,
      ],
    },
    {
      id: 'disclaimers',
      heading: '15. Disclaimers',
      blocks: [
        'Weight-loss results vary from person to person, and we do not promise any particular result. Figures we show from clinical studies are averages, not predictions for you.',
        'We work to keep the website and portal available and accurate, but we provide them "as is" and cannot promise they will always be available or free of errors. Nothing in these Terms limits the duties your Providers owe you as licensed professionals, or any right you have under law that cannot be waived.',
      ],
    },
    {
      id: 'liability',
      heading: '16. Limits on our liability',
      blocks: [
        `To the extent the law allows, ${company} is not liable for indirect, incidental, special or consequential damages, or for lost profits, arising from your use of our website and services, and our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim arose.`,
        'These limits do not apply to liability for death or personal injury caused by our negligence, to our fraud, gross negligence or willful misconduct, or to any liability that cannot be limited under the law of your state. They do not limit the professional liability of your Providers or of the pharmacies, who are responsible for their own services.',
        'You agree to cover our reasonable losses if you knowingly give false information to obtain medication or use our services to break the law.',
      ],
    },
    {
      id: 'disputes',
      heading: '17. Resolving disputes',
      blocks: [
        `If you have a complaint, please contact us first at ${careEmail} or ${carePhone}. Most concerns are resolved quickly this way. If we cannot resolve it within 30 days, either of us may take the dispute to court.`,
        'You may bring a claim in small claims court, or in the state or federal courts of the county where you live. We do not require arbitration, and we do not ask you to give up your right to a jury trial or to join a class action. These Terms are governed by the laws of the State of California, except that you keep the protection of the consumer laws of the state where you live.',
        'You may also contact the medical board or board of pharmacy of your state, or your state attorney general, about any concern with your care or with us.',
      ],
    },
    {
      id: 'changes',
      heading: '18. Changes to these Terms',
      blocks: [
        'We may update these Terms. When we do, we change the effective date above; if a change is material, we tell you by email or in your portal at least 30 days before it takes effect. The Terms in effect when a dispute arises apply to it. If you do not agree with a change, you may cancel your plan before it takes effect.',
      ],
    },
    {
      id: 'ending-service',
      heading: '19. Suspending or closing an account',
      blocks: [
        'We may suspend or close an account that breaks these Terms, gives false information or puts others at risk. If we close your account for a reason other than your breach, we refund any prepaid amount for medication not yet dispensed. Your Provider may also end the provider-patient relationship, with reasonable notice, in line with professional rules.',
      ],
    },
    {
      id: 'general',
      heading: '20. General',
      blocks: [
        'If any part of these Terms cannot be enforced, the rest remains in effect. If we do not enforce a right, we have not waived it. You may not transfer your account or these Terms; we may transfer them to a company that takes over our services, with notice to you. We are not responsible for delays caused by events outside our reasonable control. These Terms, with the documents they include, are the whole agreement between you and us about our services.',
      ],
    },
    contactSection('Questions about these Terms, your plan or your bill? Contact our care team.'),
  ],
};

/** The Terms under the per-state rules and the prices in force. */
const terms = ({ rules, prices }: LegalContext): LegalDocument => ({
  ...text,
  sections: text.sections.map((section) =>
    section === eligibility
      ? eligibilitySection(rules)
      : section === pricing
        ? pricingSection(prices)
        : section,
  ),
});

export default terms;
