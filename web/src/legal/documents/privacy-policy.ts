import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from '../document';
import { legalPath } from '../legalPath';
import { brand, carePhone, company, contactSection, privacyEmail } from './contact';

const ccpa = legalPath('ccpa-opt-out');
const hipaa = legalPath('hipaa-notice');

const policy: LegalDocument = {
  title: 'Privacy Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    `This Privacy Policy explains what personal information ${company} ("${brand}", "we", "us") collects when you visit our website, take our intake quiz, buy a plan and use your patient portal; how we use and share it; how long we keep it; and the choices and rights you have.`,
    {
      callout: [
        '**In short:** we collect what we need to find out whether our program suits you, to let a Provider care for you, to ship your medication and to bill you. We do not sell your personal information, we never sell or rent your health information, and we do not use your health information for advertising.',
      ],
    },
  ],
  sections: [
    {
      id: 'scope',
      heading: '1. This policy and HIPAA',
      blocks: [
        `Much of the health information we hold is "protected health information" under the federal HIPAA law. How that information may be used and shared, and your rights over it, are set out in our [HIPAA Notice of Privacy Practices](${hipaa}), which governs whenever it applies. This policy covers everything else, such as your use of our website before you become a patient, and explains our practices as a whole. Where both apply, we follow the one that protects you more.`,
        `If you live in California, our [California privacy notice and opt-out page](${ccpa}) describes your additional rights and lets you send a request.`,
      ],
    },
    {
      id: 'what-we-collect',
      heading: '2. Information we collect',
      blocks: [
        { subheading: 'Information you give us' },
        {
          list: [
            '**Intake quiz:** your state, first and last name, sex at birth, mobile number, email, height, weight, date of birth, goal weight, and your agreement to our terms and to receive emails and texts.',
            '**Plan choice:** whether you take a weight-loss medication now, which one and at what dose.',
            '**Checkout:** your shipping and billing addresses and your payment card. Card numbers go directly to our payment processor; we receive only a token, the card brand, the last four digits and the expiry date.',
            '**Medical assessment and refills:** your answers about your health, medical history, medications and allergies, photos of a current prescription or medication, and, where state rules require it, a short identity video.',
            '**Messages:** what you write to your Provider or our care team in chat, by email or by phone, and any files you attach.',
            '**Account and requests:** your password (stored only as a secure hash), replacement requests and their photos, the reasons you give when you cancel, and the privacy requests you send us.',
          ],
        },
        { subheading: 'Information collected automatically' },
        {
          list: [
            '**Device and usage:** your IP address, browser and device type, the pages you visit and when. We read your IP address from your connection; we do not send it to third-party lookup services.',
            '**Campaign details:** if you arrive from an ad or a link that carries campaign tags (utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid or fbclid), we keep those tags with the landing page, the referring page and the time (see section 6).',
            "**Referral id:** if you arrive through a referral partner's link, the partner's referral id (c_id) for the rest of your visit.",
          ],
        },
        { subheading: 'Information from others' },
        {
          list: [
            'Your Providers (assessments, prescriptions, dose plans and notes) and our partner pharmacies (fulfillment and shipping status).',
            'Our payment processor (whether a payment succeeded, and fraud checks on your card), shipping carriers (tracking), and our address verification service (whether your address is deliverable).',
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      heading: '3. How we use your information',
      blocks: [
        {
          list: [
            "**To see whether our program suits you:** checking your age, state and body mass index (BMI) against the program's requirements.",
            '**To provide your care:** giving your Provider what they need to review your assessment, prescribe and follow up with you, and sending your prescription to a pharmacy.',
            '**To fulfill and bill:** shipping your orders, charging your plan and its renewals, issuing receipts and refunds.',
            '**To verify and protect:** confirming your phone number and email with one-time codes, validating your address, securing your account, and preventing fraud (for example, blocking a card after repeated declined payments).',
            '**To communicate:** order updates, reminders, answers to your questions and, only with your consent, marketing.',
            '**To improve and measure:** understanding how visitors use our website and which campaigns bring visitors, using information that does not include your health answers.',
            '**To meet legal duties:** keeping medical and financial records, responding to lawful requests, and enforcing our terms.',
          ],
        },
        'We do not use your health information, or anything we can infer about your health, to show you advertising, and we do not make decisions about you based solely on automated processing that have legal or similarly significant effects. Whether you are prescribed medication is always decided by a Provider.',
      ],
    },
    {
      id: 'how-we-share',
      heading: '4. How we share your information',
      blocks: [
        'We share personal information only as described here:',
        {
          list: [
            '**Providers:** the licensed physicians and clinicians who review your assessment and care for you.',
            '**Pharmacies:** our partner state-licensed 503A compounding pharmacies, which receive your prescription, name, date of birth, contact details and shipping address.',
            '**Service providers** that work for us under contracts limiting their use of your information (and, where they handle health information, HIPAA business associate agreements): our payment processor, shipping carriers, email and text message providers, address verification, cloud hosting and customer support tools.',
            '**Referral partners:** if you arrive through a partner\'s referral link and buy a plan, we tell that partner that its referral led to a purchase so it can be paid: the referral id, a customer number, your name, the plan bought and the amount. We treat this as "sharing" and stop it when you opt out or your browser sends a Global Privacy Control signal (section 7).',
            '**Legal and safety reasons:** to comply with law, a court order or a lawful request from a government agency; for public health reporting (such as reporting side effects to the FDA); and to protect the rights, property or safety of our patients, our staff or others.',
            '**Business changes:** to a company that acquires or takes over our services, which must protect your information as this policy says.',
            '**With your consent:** anyone else you ask us to share with.',
          ],
        },
      ],
    },
    {
      id: 'no-sale',
      heading: '5. We do not sell your information',
      blocks: [
        'We do not sell your personal information, and we have not sold it in the past 12 months. We never sell, rent or trade your health information. We do not knowingly sell or share the personal information of anyone under 16.',
        'We do not place advertising cookies, pixels or similar trackers from advertising networks on our website.',
      ],
    },
    {
      id: 'cookies',
      heading: '6. Cookies and similar technologies',
      blocks: [
        'We use a small number of first-party cookies and browser storage items, which keep the website working and tell us which campaign brought a visitor. We do not use third-party advertising cookies.',
        {
          table: {
            caption: 'Cookies and storage we use',
            head: ['Name', 'What it does', 'How long'],
            rows: [
              [
                'clinic_tracking (cookie)',
                'The campaign tags of the link that brought you (see section 2), so a later sign-up is credited to that campaign. Set only when the link carries a campaign tag.',
                '30 days',
              ],
              [
                'clinic.c_id (session storage)',
                "A referral partner's id from the link that brought you. Not kept if you have opted out or your browser sends Global Privacy Control.",
                'Until you close the tab',
              ],
              [
                'clinic.session (local storage)',
                'Keeps you logged in to your portal.',
                'Until you log out, or 30 days',
              ],
              [
                'clinic.intake and clinic.tracking_session_id (session storage)',
                'Your quiz answers while you take it, so a reload does not lose them, and a random visit number that joins up the steps of one visit.',
                'Until you close the tab',
              ],
              [
                'clinic.cart and clinic.offers (local and session storage)',
                'Your cart and the offer of the link that brought you, so checkout shows the right plan and price.',
                'Until checkout, or until you close the tab (offers)',
              ],
              [
                'clinic.products (local storage)',
                'Our product list, so pages load faster.',
                '24 hours',
              ],
              [
                'clinic.privacy.opt_out (local storage)',
                'Remembers that you asked us not to sell or share your information from this browser.',
                'Until you clear it',
              ],
            ],
          },
        },
        'When you complete a purchase, the checkout page records a purchase event (a transaction number, the amount and the currency, without your name, contact or health details) to measure conversions.',
        'You can block or delete cookies and storage in your browser settings. If you do, the website still works, but you will need to log in again and campaign credit may be lost.',
      ],
    },
    {
      id: 'your-choices',
      heading: '7. Global Privacy Control and your choices',
      blocks: [
        `We honor the [Global Privacy Control](https://globalprivacycontrol.org/) (GPC) signal. If your browser sends it, we treat it as a request to opt out of the sale and sharing of your personal information from that browser, and we do not keep referral ids. To apply your choice to your account on every device, send an opt-out request from our [CCPA Opt-Out page](${ccpa}). We do not respond to "Do Not Track" signals, which have no agreed standard, but GPC covers the same choice.`,
        {
          list: [
            '**Marketing email:** use the unsubscribe link in any marketing email.',
            '**Marketing texts:** reply STOP to any marketing text.',
            '**Account messages** about your orders, prescriptions and billing are part of your care and continue while you have an active plan.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: '8. Your privacy rights',
      blocks: [
        'Depending on where you live, you may have the right to:',
        {
          list: [
            'know what personal information we hold about you and get a copy of it;',
            'correct information that is inaccurate;',
            'delete your information, except what the law requires us to keep (such as medical records);',
            'opt out of the sale or sharing of your information and of targeted advertising (we do neither with your health information);',
            'limit our use of sensitive information;',
            'appeal our decision on your request.',
          ],
        },
        `We honor these requests from every US resident, not only those whose state law requires it. Send a request with the form on our [CCPA Opt-Out page](${ccpa}), by email to ${privacyEmail}, or by calling ${carePhone}. We will confirm receipt, verify your identity where the request needs it, and respond within 45 days (or tell you why we need up to 45 more). Requests about your medical record, such as a copy of it or an amendment, follow our [HIPAA Notice](${hipaa}).`,
        `If we deny your request, you may appeal by replying to our decision or writing to ${privacyEmail} with the word "Appeal". We will answer within 45 days (60 days in Colorado). If you are not satisfied, you may contact your state attorney general.`,
        'We will not treat you differently for using your privacy rights: no different prices, quality of care or service.',
      ],
    },
    {
      id: 'consumer-health-data',
      heading: '9. Consumer health data (Washington, Nevada and Connecticut)',
      blocks: [
        "Washington's My Health My Data Act, Nevada's consumer health data law and Connecticut's privacy law protect \"consumer health data\": information that identifies your past, present or future physical or mental health, such as your height, weight, BMI, medications and health answers. For residents of these states:",
        {
          list: [
            'We collect consumer health data, as described in section 2, only to provide the services you ask for: determining eligibility, arranging your care with a Provider, filling and shipping prescriptions, and billing.',
            'We collect it from you, your Providers and our pharmacies, and share it only with the recipients in section 4 (Providers, pharmacies and service providers) and as required by law. We do not sell it.',
            'You may confirm whether we collect, share or sell your consumer health data, get a list of the third parties we share it with, access it, delete it (subject to medical record laws) and withdraw your consent, using the methods in section 8.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      heading: '10. How long we keep information',
      blocks: [
        'We keep personal information only as long as we need it for the purposes in this policy, and then delete or de-identify it. How long depends on the kind of information:',
        {
          list: [
            '**Medical records** (assessments, prescriptions, Provider notes, messages with Providers): as long as the law of your state requires medical records to be kept, generally at least 7 to 10 years after your last visit.',
            '**Payment and tax records:** 7 years after the transaction.',
            '**Account and contact details:** while your account is open, and then as long as the records above that contain them.',
            '**Quiz answers of visitors who do not become patients:** as long as they are useful to follow up on the visit, and no longer than 3 years.',
            '**Campaign cookie:** 30 days in your browser; campaign details kept with a sign-up follow the sign-up.',
            '**Privacy requests:** 24 months, as California regulations require.',
          ],
        },
      ],
    },
    {
      id: 'security',
      heading: '11. How we protect information',
      blocks: [
        'We use administrative, technical and physical safeguards to protect personal information: encryption of data in transit, passwords stored only as strong one-way hashes, login sessions that can be ended at any time, access limited to staff and Providers who need the information for their work, and contracts requiring our service providers to protect it. No system is perfectly secure. If a breach affects your information, we will notify you as the law requires.',
      ],
    },
    {
      id: 'children',
      heading: '12. Children',
      blocks: [
        'Our services are only for adults 18 and older. We do not knowingly collect personal information from anyone under 18; the intake quiz stops anyone who gives a date of birth under 18. If we learn that we have collected information from a child, we will delete it unless the law requires us to keep it.',
      ],
    },
    {
      id: 'text-messages',
      heading: '13. Text messages',
      blocks: [
        'We text you verification codes and updates about your orders and care. Mobile numbers and text message consent are never shared with third parties for their marketing. Reply STOP to stop marketing texts and HELP for help. Message and data rates may apply.',
      ],
    },
    {
      id: 'where-we-operate',
      heading: '14. Where we operate',
      blocks: [
        'Our services are for people in the United States, and we store and process information in the United States.',
      ],
    },
    {
      id: 'changes',
      heading: '15. Changes to this policy',
      blocks: [
        'We may update this policy. We will change the effective date above and, if a change is material, tell you by email or in your portal before it takes effect. We will not use information we already hold in a materially different way without your consent where the law requires it.',
      ],
    },
    contactSection(
      'Questions about this policy or your information? Contact our Privacy Officer.',
      {
        privacyOfficer: true,
      },
    ),
  ],
};

export default policy;
