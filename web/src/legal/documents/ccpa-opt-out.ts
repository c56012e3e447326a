import { privacyRequestLimits } from '@clinic/contracts';
import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from '../document';
import { legalPath } from '../legalPath';
import { brand, carePhone, company, contactSection, privacyEmail } from './contact';

const days = privacyRequestLimits.responseDays;
const privacyPolicy = legalPath('privacy-policy');

const notice: LegalDocument = {
  title: 'CCPA Opt-Out and Your California Privacy Rights',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    `This page is the notice the California Consumer Privacy Act, as amended by the California Privacy Rights Act ("CCPA"), asks ${company} ("${brand}") to give California residents, and the place to send a privacy request. It adds to our [Privacy Policy](${privacyPolicy}). We honor the same requests from residents of every US state.`,
    {
      callout: [
        '**We do not sell your personal information, and we never sell or share your health information for advertising.** The one disclosure that may count as "sharing" is a referral report to a partner whose link brought you (section 3). You can stop it below, and your browser\'s Global Privacy Control signal stops it automatically.',
      ],
    },
  ],
  sections: [
    {
      id: 'request-form',
      heading: 'Send a privacy request',
      blocks: [
        `Use this form to opt out of sale or sharing, to limit the use of sensitive information, or to ask to access, delete or correct your information. You can also email ${privacyEmail} or call us toll-free at ${carePhone}. We confirm every request by email with a reference number and respond within ${days} days.`,
        { form: 'privacy-request' },
      ],
    },
    {
      id: 'information-we-collect',
      heading: '1. Personal information we collect',
      blocks: [
        'In the past 12 months we have collected the following categories of personal information. The sources, purposes and recipients are described in sections 2 to 4 of our Privacy Policy.',
        {
          table: {
            caption: 'Categories of personal information',
            head: ['Category', 'Examples', 'Disclosed for a business purpose to'],
            rows: [
              [
                'Identifiers',
                'Name, email, phone number, postal address, account number, IP address',
                'Providers, pharmacies, service providers',
              ],
              [
                'Customer records',
                'Billing and shipping address, payment card token with its brand and last four digits',
                'Payment processor, pharmacies, carriers',
              ],
              [
                'Protected characteristics',
                'Age and date of birth, sex at birth',
                'Providers, pharmacies',
              ],
              [
                'Commercial information',
                'Plans bought, payments, refunds, replacement requests',
                'Payment processor, referral partners (purchases they referred)',
              ],
              [
                'Internet activity',
                'Pages visited, campaign tags, referral id, browser and device type',
                'Hosting and analytics service providers',
              ],
              [
                'Audio, visual and similar',
                'Photos of a prescription or medication, identity video',
                'Providers',
              ],
              [
                'Sensitive personal information',
                'Health information (height, weight, health answers, prescriptions), account login',
                'Providers, pharmacies, service providers bound by HIPAA agreements',
              ],
            ],
          },
        },
        "We keep each category only as long as described in section 10 of our Privacy Policy. Health information we hold as a health care provider is also protected by HIPAA and California's Confidentiality of Medical Information Act; the CCPA does not apply to it, but we describe it here so that you have the whole picture.",
      ],
    },
    {
      id: 'sensitive-information',
      heading: '2. Sensitive personal information',
      blocks: [
        'We use sensitive personal information, such as your health information and account login, only to provide the care and services you ask for, to keep your account and our services secure, to prevent fraud and to meet legal duties. These are the uses the CCPA permits without offering a right to limit. We do not use sensitive information to infer characteristics about you or for advertising. If you would still like to ask us to limit its use, send a "limit" request and we will confirm what we do.',
      ],
    },
    {
      id: 'sale-and-sharing',
      heading: '3. Sale and sharing',
      blocks: [
        'We do not sell personal information for money or anything else of value, and we do not knowingly sell or share the personal information of consumers under 16.',
        'When a referral partner\'s link brings you to us and you buy a plan, we tell that partner that its referral led to a purchase (the referral id, a customer number, your name, the plan bought and the amount) so it can be paid its commission. Because the partner is not our service provider, we treat this as "sharing" and let you opt out of it. We do not use advertising cookies or pixels from advertising networks.',
      ],
    },
    {
      id: 'your-rights',
      heading: '4. Your rights',
      blocks: [
        {
          list: [
            '**Right to know and access:** the categories and specific pieces of personal information we have collected about you, the categories of sources, our purposes, and the categories of third parties we disclose it to.',
            '**Right to delete** personal information we collected from you, except what we must keep, such as medical records that state law requires us to retain and records we need to complete a transaction or meet legal duties. We will tell you what we kept and why.',
            '**Right to correct** inaccurate personal information. For medical records, corrections follow the amendment process in our [HIPAA Notice](' +
              legalPath('hipaa-notice') +
              ').',
            '**Right to opt out of the sale or sharing** of your personal information.',
            '**Right to limit** the use and disclosure of sensitive personal information (see section 2).',
            '**Right to non-discrimination:** we will not deny you services, charge you a different price or give you a different level of care because you used a privacy right.',
          ],
        },
      ],
    },
    {
      id: 'how-we-respond',
      heading: '5. How we handle your request',
      blocks: [
        {
          list: [
            `**Confirmation:** we email you a confirmation with a reference number as soon as we receive your request.`,
            '**Opt-out and limit requests** need no proof of identity. We apply them within 15 business days and tell you when they are done.',
            '**Access, deletion and correction requests** need us to verify that you are the person the information is about. We match details you give with details we hold, such as your email, phone number and date of birth; for a copy of specific pieces of information we may ask for more, and a signed declaration. If you have an account, we may ask you to log in. We never ask for your password, and we use what you give us only to verify you.',
            `**Timing:** we respond within ${days} days of receiving your request. If we need more time, up to ${days} more days, we tell you why within the first ${days} days.`,
            '**Format:** we provide access in a portable, readily usable format, covering at least the 12 months before your request unless you ask for a longer period we can provide.',
            '**Cost:** requests are free. We may refuse or charge a reasonable fee for requests that are manifestly unfounded or excessive, and we will explain why.',
          ],
        },
      ],
    },
    {
      id: 'authorized-agents',
      heading: '6. Authorized agents',
      blocks: [
        'You may ask someone to make a request for you. The agent must give us your signed written permission to act for you, or a valid power of attorney. For access, deletion and correction requests, we may also ask you to verify your own identity directly with us or to confirm directly that you gave the agent permission. We may deny a request from an agent who does not provide proof of authority.',
      ],
    },
    {
      id: 'global-privacy-control',
      heading: '7. Global Privacy Control',
      blocks: [
        `We honor the [Global Privacy Control](https://globalprivacycontrol.org/) (GPC) signal as a valid request to opt out of the sale and sharing of personal information. When your browser sends it, we do not keep referral ids from that browser, so no referral report is made for purchases made with it. This applies to the browser that sends the signal; to apply your choice to your account on every device, send an opt-out request above.`,
      ],
    },
    {
      id: 'shine-the-light',
      heading: '8. Other California rights',
      blocks: [
        'California\'s "Shine the Light" law lets California residents ask whether we disclosed personal information to third parties for their own direct marketing in the past year. We do not make such disclosures.',
      ],
    },
    contactSection(
      'Questions about this notice or a request you have made? Contact our Privacy Officer.',
      {
        privacyOfficer: true,
      },
    ),
  ],
};

export default notice;
