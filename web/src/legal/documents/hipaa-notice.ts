import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from '../document';
import { brand, carePhone, company, contactSection, mailingAddress, privacyEmail } from './contact';

const notice: LegalDocument = {
  title: 'HIPAA Notice of Privacy Practices',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    {
      callout: [
        '**This notice describes how medical information about you may be used and disclosed and how you can get access to this information. Please review it carefully.**',
      ],
      tone: 'warning',
    },
    `This notice is given by ${company} ("${brand}") and the independent physicians and other licensed clinicians who provide care through ${brand} (your "Providers"). We work together as an organized health care arrangement to care for you, and we all follow this notice. "We" and "us" mean all of us.`,
  ],
  sections: [
    {
      id: 'our-duties',
      heading: 'Our responsibilities',
      blocks: [
        'Your health information is personal, and we are committed to protecting it. By law, we must:',
        {
          list: [
            'keep the privacy and security of your protected health information ("health information");',
            'give you this notice of our legal duties and privacy practices;',
            'follow the terms of the notice currently in effect;',
            'tell you promptly if a breach occurs that may have compromised the privacy or security of your information.',
          ],
        },
        'We will not use or share your information other than as described here unless you tell us we can in writing. If you tell us we can, you may change your mind at any time by telling us in writing.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we typically use and share your health information',
      blocks: [
        { subheading: 'To treat you' },
        'Your Provider uses your medical assessment, photos, messages and history to decide whether a medication is right for you and to prescribe it. We share your prescription with the pharmacy that fills it, and your Providers may consult each other about your care. Example: your Provider reviews your assessment, writes a prescription for semaglutide and sends it to our partner pharmacy.',
        { subheading: 'To run our organization' },
        'We use your information to run our practice, improve your care and contact you when necessary. Example: we review the care Providers give, train staff, answer your questions in chat, and check your contact details and address so that your medication reaches you.',
        { subheading: 'To bill for your services' },
        'We use your information to charge for your program, handle renewals and issue refunds. You pay us directly; we do not bill health insurance. Example: we give our payment processor the information it needs to process your card payment.',
        { subheading: 'Business associates' },
        'Companies that perform services for us, such as our payment processor, email and text message providers, address verification and cloud hosting, may receive health information to do that work. Each must sign a business associate agreement requiring it to protect your information.',
        { subheading: 'Reminders and information about your care' },
        'We may contact you to remind you to complete an assessment or a refill check-in, to confirm shipments, or to tell you about treatment options and health-related services we offer.',
      ],
    },
    {
      id: 'other-uses',
      heading: 'Other ways we may use or share your health information',
      blocks: [
        'We are allowed or required to share your information in other ways, usually in ways that contribute to the public good. We must meet many conditions in the law before we can share it for these purposes (see [hhs.gov/hipaa/for-individuals](https://www.hhs.gov/hipaa/for-individuals/guidance-materials-for-consumers/index.html)).',
        {
          list: [
            "**Public health and safety:** preventing disease, reporting adverse reactions to medications to the FDA, reporting suspected abuse, neglect or domestic violence, and preventing or reducing a serious threat to anyone's health or safety.",
            '**Research:** only as the law allows, for example with your authorization or an approval by a review board.',
            '**As required by law:** including to the Department of Health and Human Services when it wants to see that we are complying with federal privacy law.',
            '**Organ and tissue donation requests, medical examiners and funeral directors**, when an individual dies.',
            "**Workers' compensation, law enforcement and other government requests:** for workers' compensation claims; for law enforcement purposes or with a law enforcement official; to health oversight agencies (such as state medical and pharmacy boards) for activities authorized by law; and for special government functions such as military, national security and presidential protective services.",
            '**Lawsuits and legal actions:** in response to a court or administrative order, or to a subpoena.',
          ],
        },
        "If a state law gives your health information more protection than HIPAA (for example, California's Confidentiality of Medical Information Act), we follow the stricter law.",
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices',
      blocks: [
        'For certain health information, you can tell us your choices about what we share. If you have a clear preference for how we share your information in the situations below, tell us what you want us to do, and we will follow your instructions.',
        'You have both the right and the choice to tell us to:',
        {
          list: [
            'share information with your family, close friends or others involved in your care;',
            'share information in a disaster relief situation.',
          ],
        },
        'If you are not able to tell us your preference, for example if you are unconscious, we may share your information if we believe it is in your best interest, and when needed to lessen a serious and imminent threat to health or safety.',
        'In these cases we never share your information unless you give us written permission:',
        {
          list: [
            'marketing purposes;',
            'sale of your information;',
            'most sharing of psychotherapy notes (we do not keep psychotherapy notes).',
          ],
        },
        'We do not sell your health information and do not use it for marketing without your written authorization.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        'When it comes to your health information, you have certain rights. This section explains your rights and some of our responsibilities to help you. To use any of these rights, contact our Privacy Officer (see "Contact us" below).',
        { subheading: 'Get a copy of your medical record' },
        'You can ask to see or get an electronic or paper copy of your medical record and other health information we have about you. We will provide a copy or a summary, usually within 30 days of your request. We may charge a reasonable, cost-based fee. Your orders, payments and messages are also shown in your portal at any time.',
        { subheading: 'Ask us to correct your medical record' },
        'You can ask us to correct health information about you that you think is incorrect or incomplete. We may say "no" to your request, but we will tell you why in writing within 60 days.',
        { subheading: 'Request confidential communications' },
        'You can ask us to contact you in a specific way (for example, by email instead of text, or by mail to a different address). We will say "yes" to all reasonable requests.',
        { subheading: 'Ask us to limit what we use or share' },
        'You can ask us not to use or share certain health information for treatment, payment or our operations. We are not required to agree to your request, and we may say "no" if it would affect your care. If you pay for a service or health care item out-of-pocket in full, you can ask us not to share that information for the purpose of payment or our operations with your health insurer. We will say "yes" unless a law requires us to share that information.',
        { subheading: 'Get a list of those with whom we have shared information' },
        'You can ask for a list (accounting) of the times we have shared your health information for six years prior to the date you ask, who we shared it with, and why. We will include all the disclosures except for those about treatment, payment and health care operations, and certain other disclosures (such as any you asked us to make). We will provide one accounting a year for free but will charge a reasonable, cost-based fee if you ask for another one within 12 months.',
        { subheading: 'Get a copy of this privacy notice' },
        'You can ask for a paper copy of this notice at any time, even if you have agreed to receive the notice electronically. We will provide you with a paper copy promptly. You can also print this page.',
        { subheading: 'Choose someone to act for you' },
        'If you have given someone medical power of attorney or if someone is your legal guardian, that person can exercise your rights and make choices about your health information. We will make sure the person has this authority and can act for you before we take any action.',
        { subheading: 'File a complaint if you feel your rights are violated' },
        'See "How to file a complaint" below.',
      ],
    },
    {
      id: 'complaints',
      heading: 'How to file a complaint',
      blocks: [
        `You can complain if you feel we have violated your rights by contacting our Privacy Officer at ${privacyEmail}, by calling ${carePhone}, or by writing to Attn: Privacy Officer, ${mailingAddress}.`,
        'You can also file a complaint with the U.S. Department of Health and Human Services Office for Civil Rights:',
        {
          list: [
            'Online: [www.hhs.gov/ocr/privacy/hipaa/complaints](https://www.hhs.gov/ocr/privacy/hipaa/complaints/)',
            'By phone: [1-877-696-6775](tel:+18776966775)',
            'By mail: U.S. Department of Health and Human Services, 200 Independence Avenue, S.W., Washington, D.C. 20201',
          ],
        },
        '**We will not retaliate against you for filing a complaint.**',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to the terms of this notice',
      blocks: [
        'We can change the terms of this notice, and the changes will apply to all information we have about you. The new notice will be available on request, on this page of our website, and in your portal, and we will tell you by email when we make a material change.',
      ],
    },
    contactSection(
      'For questions about this notice, or to use any of your rights, contact our Privacy Officer.',
      { privacyOfficer: true },
    ),
  ],
};

export default notice;
