/**
 * The FAQ at /faq: the questions patients ask most, answered as the clinic's Providers would.
 * Text uses the legal documents' marks: `**bold**` and `[label](href)`.
 */
import { stateName, type StateRules } from '@clinic/contracts';
import { SUPPORT_CONTACT } from '../brand';
import { legalPath } from '../legal';
import { mailtoHref, telHref } from './contactLinks';

export interface FaqEntry {
  /** The anchor of the question (`/faq#id`). */
  id: string;
  question: string;
  answer: readonly (string | { list: readonly string[] })[];
}

/** The states not served yet, in words, by the rules in force (read from the server). */
function notServedText(rules: Pick<StateRules, 'blockedStates'> | undefined): string {
  if (!rules) return 'we do not yet serve every state: the quiz tells you at once';
  const names = rules.blockedStates.map(stateName);
  if (names.length === 0) return 'we serve every state';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `we do not yet serve ${list}`;
}

/** The FAQ, its eligibility answer naming the states not served by the rules in force. */
export function faqFor(rules: Pick<StateRules, 'blockedStates'> | undefined): readonly FaqEntry[] {
  return [
    {
      id: 'eligibility',
      question: 'Who can join the program?',
      answer: [
        `Adults 18 and older who live in a state we serve (${notServedText(rules)}) and have a body mass index (BMI) of 25 or more, or 20 or more if you already take a GLP-1 medication prescribed to you. The intake quiz checks these in a few minutes.`,
        'Meeting them does not guarantee a prescription: a licensed Provider decides after reviewing your full medical assessment. GLP-1 medication is not safe for everyone. It is not prescribed if you are pregnant, trying to become pregnant or breastfeeding, if you or a family member have had medullary thyroid cancer or you have MEN 2, and it is usually not prescribed if you have had pancreatitis. Some other conditions need extra care.',
      ],
    },
    {
      id: 'review',
      question: 'How does the doctor review work?',
      answer: [
        'After you pay, you confirm your address, phone and email, then complete a medical assessment that takes 5 to 10 minutes. A physician or clinician licensed in your state reviews it, usually within 24 hours, and may message you with questions. Most patients need no video visit, but in some states the law asks for a short recorded video, and any Provider may ask for a live visit if your health calls for it.',
        'If your Provider prescribes, you review the prescription in your portal and approve it or ask for a change. If we do not hear from you within 12 hours, it is shipped as written.',
      ],
    },
    {
      id: 'not-approved',
      question: 'What if I am not approved?',
      answer: [
        "You get a full refund of everything you paid for that order, including any add-on, and you do not owe the consultation fee. The refund starts as soon as the Provider's decision is recorded; you do not need to ask for it. Your bank usually shows it within 5 to 10 business days.",
      ],
    },
    {
      id: 'shipping',
      question: 'How is my medication shipped, and how do I store it?',
      answer: [
        'Prescriptions that reach the pharmacy before 3 PM Pacific, Monday to Thursday, are processed the same day. Shipping is free: 2-day express, or overnight in cold packaging when your medication needs it, with tracking in your portal. We ship to street addresses only, not P.O. boxes.',
        '**Put your medication in the refrigerator (36 to 46°F) as soon as it arrives,** keep it away from light, never freeze it, and follow the storage directions on its label. If a vial is broken, the package arrived warm after a delay, or something is missing, do not use it: ask for a free replacement in your portal within 7 days of delivery.',
      ],
    },
    {
      id: 'injecting',
      question: 'How do I inject my medication?',
      answer: [
        'Your medication is injected under the skin once a week, on the same day each week. Your prescription and the pharmacy label give your exact dose; follow them, not a dose you read elsewhere.',
        {
          list: [
            'Wash your hands and wipe the top of the vial and your skin with an alcohol swab.',
            'Use a new syringe and needle each time. Draw up exactly the dose on your label: compounded vials are measured in **units** on the syringe, not in milligrams, so check the number twice.',
            'Inject into the fat of your belly (at least 2 inches from your belly button), the front of your thigh or the back of your upper arm, and use a different spot each week.',
            'Put used needles in a sharps container, never in the trash loose.',
          ],
        },
        'Missed a dose? For semaglutide, take it if your next dose is more than 2 days away; otherwise skip it. For tirzepatide, take it within 4 days of the missed day; otherwise skip it. Never take two doses to catch up. If you have missed 2 weeks or more, message your Provider before restarting: you may need a lower dose.',
      ],
    },
    {
      id: 'side-effects',
      question: 'What side effects should I expect, and when should I call a doctor?',
      answer: [
        'The most common side effects are nausea, vomiting, diarrhea, constipation, heartburn and feeling full quickly, mostly when you start or increase a dose. Eating smaller meals, stopping when you feel full, avoiding greasy or very sweet foods and drinking plenty of water help.',
        '**Message your Provider** if side effects make it hard to eat or drink, last more than a few days, or you have signs of dehydration such as dizziness, very dark urine or urinating much less.',
        '**Call 911 or go to an emergency room** for severe stomach pain that does not go away (with or without vomiting, sometimes spreading to your back), swelling of your face or throat or trouble breathing, fainting or a very fast heartbeat. Call or text 988 if you have thoughts of harming yourself. Tell your Provider about a lump in your neck, trouble swallowing or lasting hoarseness.',
      ],
    },
    {
      id: 'changing-dose',
      question: 'Can I change my dose?',
      answer: [
        'Your Provider sets a dose plan that increases gradually, usually every 4 weeks, to limit side effects. Every dose level costs the same. When your prescription arrives you can accept it or choose "Decline & Update with Doctor" to ask for different doses, and you can message your Provider at any time if a dose is too strong or not working. Please do not change your dose on your own.',
      ],
    },
    {
      id: 'cancelling',
      question: 'Can I pause or cancel my plan?',
      answer: [
        'You can cancel at any time in your portal under **Billing**: choose Cancel Subscription and confirm. It takes effect immediately and no further payment is charged. There is no pause option; if you need to stop for a medical reason, message your Provider.',
        {
          list: [
            '**Monthly Plan:** it sends 3 months of medication up front and has a 3-month commitment. If you cancel before your third payment, an early termination fee may apply (at most the regular monthly price for each unpaid month). It is never charged automatically.',
            '**Quarterly, Half Yearly and Yearly Plans:** cancelling stops the next renewal. The term you already paid for is not refunded, and its remaining shipments are still sent.',
          ],
        },
      ],
    },
    {
      id: 'billing',
      question: 'When will I be billed?',
      answer: [
        'You pay for your first term at checkout. Your plan then renews automatically on your next billing date, shown in your portal under Billing: every month on the Monthly Plan (at the regular monthly price after the first month), or every 3, 6 or 12 months on the prepaid plans. Renewals fall on the same day of the month as your first payment, or on the last day of shorter months.',
        'If a renewal payment is declined, we try again 1 day later and then 2 days after that. After the third decline your plan shows as Past Due and we stop charging; you can pay with Pay Now whenever you are ready. You can update your card and download receipts in Billing at any time.',
      ],
    },
    {
      id: 'compounded',
      question: 'Is compounded medication the same as Ozempic, Wegovy or Zepbound?',
      answer: [
        "It contains the same active ingredient (semaglutide, or tirzepatide), prepared by a state-licensed 503A compounding pharmacy for you on your Provider's prescription. It is not the brand-name product, and compounded medications are not FDA-approved: the FDA does not review them for safety, effectiveness or quality. Your Provider can tell you about FDA-approved options, which insurance may cover.",
      ],
    },
    {
      id: 'privacy',
      question: 'Is my information private?',
      answer: [
        `Yes. Your health information is protected by HIPAA and seen only by the Providers, pharmacists and staff who need it for your care. We do not sell your personal information and never use your health information for advertising. Read our [Privacy Policy](${legalPath('privacy-policy')}) and [HIPAA Notice](${legalPath('hipaa-notice')}), or send a privacy request from our [CCPA Opt-Out page](${legalPath('ccpa-opt-out')}).`,
      ],
    },
    {
      id: 'contact',
      question: 'How do I reach a person?',
      answer: [
        `Chat with our care team from your portal, email [${SUPPORT_CONTACT.email}](${mailtoHref(SUPPORT_CONTACT.email)}) or call [${SUPPORT_CONTACT.phone}](${telHref(SUPPORT_CONTACT.phone)}), ${SUPPORT_CONTACT.hours}, excluding holidays. Medical questions go to your Provider through Doctor on Demand in your portal; Providers reply within 24 hours. In an emergency, call 911.`,
      ],
    },
  ];
}

/** The questions in order (their ids and titles do not depend on the rules). */
export const faq = faqFor(undefined);
