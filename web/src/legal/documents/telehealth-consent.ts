import { usStates } from '@clinic/contracts';
import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from '../document';
import { legalPath } from '../legalPath';
import { brand, careEmail, careHours, carePhone, contactSection } from './contact';

/**
 * States whose rules ask for a short recorded video before a first prescription (spec 002,
 * section 4: after the assessment, patients there go to the identity video upload).
 */
const videoStates = [
  'AR',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'MT',
  'NJ',
  'OK',
  'OR',
  'SC',
  'SD',
  'TX',
  'VA',
  'WA',
  'WV',
];
const stateNames = Object.fromEntries(Object.entries(usStates).map(([name, code]) => [code, name]));
const videoStateNames = videoStates.map((code) => stateNames[code] ?? code).join(', ');

const consent: LegalDocument = {
  title: 'Telehealth Informed Consent',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: [
    `Please read this consent before your medical assessment. It explains how care works through ${brand}, the benefits and risks of telehealth and of GLP-1 weight-loss medication, your alternatives, and how we communicate with you. When you check the box agreeing to it, you confirm that you have read and understood it and that you agree to receive care this way. Ask your Provider about anything that is not clear before you agree.`,
    {
      callout: [
        '**Telehealth is not for emergencies.** If you have severe stomach pain that does not go away, trouble breathing, swelling of your face or throat, fainting, chest pain or any other emergency, call 911 or go to the nearest emergency room. If you have thoughts of harming yourself, call or text 988.',
      ],
      tone: 'warning',
    },
  ],
  sections: [
    {
      id: 'what-telehealth-is',
      heading: '1. What telehealth is and how it works here',
      blocks: [
        'Telehealth is health care delivered at a distance using technology. Through our platform, a physician or other clinician licensed in your state (your "Provider") cares for you without an in-person visit:',
        {
          list: [
            'you complete an online medical assessment about your health, history, medications and goals, and may upload photos;',
            'your Provider reviews it, usually within 24 hours, and may message you with questions, ask for more information or lab results, or ask for a live video or phone visit;',
            'your Provider decides whether to prescribe, and if so sends the prescription to a licensed compounding pharmacy, which ships your medication to you;',
            'you and your Provider stay in touch through secure messaging in your portal for follow-up, side effects, dose changes and refills.',
          ],
        },
        'Most of this care is "asynchronous": your Provider reviews your information at a different time from when you send it. You must be physically located in your state of residence whenever you receive care.',
      ],
    },
    {
      id: 'benefits-and-risks-of-telehealth',
      heading: '2. Benefits and risks of telehealth',
      blocks: [
        '**Possible benefits:** easier access to care without travel or waiting rooms, faster review, and care that fits your schedule.',
        '**Possible risks:**',
        {
          list: [
            'Your Provider cannot examine you in person. If your information is incomplete or inaccurate, or a physical exam or tests are needed, your Provider may make a decision based on less information than in an office, may ask you to see a doctor in person, or may decline to prescribe.',
            'Technology can fail: delays in review or replies, or lost messages, may occur.',
            'Although we use security protections, there is a small risk that electronic information could be intercepted or accessed without permission.',
          ],
        },
        'Your Provider decides whether telehealth is appropriate for you, and may end telehealth care and refer you to in-person care at any time.',
      ],
    },
    {
      id: 'glp1-medication',
      heading: '3. About GLP-1 weight-loss medication',
      blocks: [
        '**Semaglutide** is a GLP-1 receptor agonist; **tirzepatide** acts on two receptors (GIP and GLP-1). Both are injected under the skin once a week. They reduce appetite and slow how quickly the stomach empties, helping people eat less. They are used for weight management together with a reduced-calorie diet and more physical activity.',
        'Treatment starts at a low dose that your Provider increases gradually, usually every 4 weeks, to reduce stomach side effects.',
        { subheading: 'Compounded medication is not FDA-approved' },
        "The medication you may receive is **compounded**: prepared by a state-licensed 503A pharmacy for you individually, on your Provider's prescription. Compounded drugs are not approved by the FDA, and the FDA does not review them for safety, effectiveness or quality. They contain the same active ingredient as brand-name products (Wegovy and Ozempic contain semaglutide; Zepbound and Mounjaro contain tirzepatide) but are not those products, and the results of clinical studies of the brand-name products may not apply exactly to them. Compounded vials are measured differently from brand-name pens: dosing mistakes have caused serious side effects, so always measure your dose exactly as your prescription and label say.",
      ],
    },
    {
      id: 'benefits-of-medication',
      heading: '4. Possible benefits of the medication',
      blocks: [
        'In large clinical studies of the brand-name products, adults without diabetes who also followed a reduced-calorie diet and exercise lost on average about 15% of their body weight on semaglutide 2.4 mg over 68 weeks, and about 21% on the highest dose of tirzepatide (15 mg) over 72 weeks. Weight loss may improve blood pressure, blood sugar and cholesterol, and reduce the strain on joints.',
        'Results vary: some people lose much less weight, and some lose none. Most people regain weight after they stop the medication unless they keep the diet and activity changes.',
      ],
    },
    {
      id: 'boxed-warning',
      heading: '5. Boxed warning: risk of thyroid C-cell tumors',
      blocks: [
        {
          title: 'Warning: risk of thyroid C-cell tumors',
          tone: 'warning',
          callout: [
            'In studies with rodents, semaglutide and tirzepatide caused thyroid C-cell tumors, including cancers. It is not known whether they cause thyroid tumors, including a type of thyroid cancer called **medullary thyroid carcinoma (MTC)**, in people.',
            '**Do not use** semaglutide or tirzepatide if you or any of your family have ever had MTC, or if you have **Multiple Endocrine Neoplasia syndrome type 2 (MEN 2)**.',
            'Tell your Provider right away if you get a lump or swelling in your neck, trouble swallowing, hoarseness that does not go away, or shortness of breath. These may be symptoms of thyroid cancer.',
          ],
        },
      ],
    },
    {
      id: 'risks-of-medication',
      heading: '6. Other risks and side effects',
      blocks: [
        { subheading: 'Common side effects' },
        'Nausea, vomiting, diarrhea, constipation, stomach pain, indigestion, heartburn, burping, gas and bloating, decreased appetite, tiredness, headache, dizziness, injection-site reactions and hair loss. They are usually mild to moderate, most common when starting or increasing a dose, and often improve over a few weeks.',
        { subheading: 'Serious side effects' },
        'These are uncommon but can be serious. Stop the medication and get medical help right away if you have any of them:',
        {
          list: [
            '**Inflammation of the pancreas (pancreatitis):** severe pain in your stomach area that will not go away, with or without vomiting, which may spread to your back.',
            '**Gallbladder problems, including gallstones:** pain in your upper stomach, fever, yellowing of your skin or eyes, or clay-colored stools.',
            '**Kidney problems:** dehydration from vomiting or diarrhea can damage the kidneys. Drink plenty of fluids and tell your Provider if you cannot keep fluids down.',
            '**Severe stomach problems:** severe or persistent nausea, vomiting or diarrhea, or a blockage of the intestine.',
            '**Serious allergic reactions:** swelling of your face, lips, tongue or throat, trouble breathing or swallowing, severe rash or itching, fainting, or a very rapid heartbeat.',
            '**Low blood sugar (hypoglycemia),** especially if you also take insulin or a sulfonylurea for diabetes: dizziness, shakiness, sweating, confusion, irritability, headache, blurred vision or a fast heartbeat.',
            '**Changes in vision** if you have type 2 diabetes (diabetic retinopathy).',
            '**Increased heart rate** at rest.',
            '**Depression or thoughts of suicide:** watch for new or worsening depression, unusual changes in mood or behavior, or thoughts of harming yourself. Call or text 988 if you are in crisis.',
            '**Food or liquid getting into the lungs during surgery or sedation:** tell every doctor who plans a procedure with anesthesia or deep sedation that you take this medication.',
          ],
        },
        { subheading: 'Pregnancy, birth control and breastfeeding' },
        {
          list: [
            'Do not use these medications if you are pregnant or trying to become pregnant; weight loss offers no benefit during pregnancy and may harm the baby. Stop semaglutide at least 2 months before a planned pregnancy, and tell your Provider right away if you become pregnant.',
            'Tirzepatide can make birth control pills less effective. If you take them, use a non-oral method, or add a barrier method such as condoms, for 4 weeks after starting tirzepatide and for 4 weeks after each dose increase.',
            'Tell your Provider if you are breastfeeding or plan to.',
          ],
        },
        { subheading: 'Other medicines' },
        'Tell your Provider about every medicine you take, including any other GLP-1 medication (never take two together), insulin or other diabetes medicines, and medicines taken by mouth that must be absorbed at a steady rate, because these medications slow stomach emptying.',
        'This is not a complete list of possible side effects. Your Provider and pharmacist can tell you more. You can report side effects to the FDA at [www.fda.gov/medwatch](https://www.fda.gov/medwatch) or 1-800-FDA-1088, and you should also tell your Provider.',
      ],
    },
    {
      id: 'alternatives',
      heading: '7. Alternatives',
      blocks: [
        'You do not have to take medication to lose weight. Alternatives include:',
        {
          list: [
            'changes in diet and physical activity alone, or with a structured or behavioral weight-loss program;',
            'FDA-approved brand-name medications for weight management, such as Wegovy (semaglutide) or Zepbound (tirzepatide), which insurance may cover;',
            'other FDA-approved weight-loss medicines, such as phentermine-topiramate, naltrexone-bupropion or orlistat;',
            'bariatric (weight-loss) surgery or endoscopic procedures for people who qualify;',
            'no treatment.',
          ],
        },
        'Your own doctor can help you compare these options.',
      ],
    },
    {
      id: 'your-responsibilities',
      heading: '8. Your responsibilities',
      blocks: [
        {
          list: [
            'Answer every question completely and truthfully, and tell your Provider about any change in your health, medications or pregnancy status.',
            'Use your medication only as prescribed: the dose, the schedule and the way to inject it. Do not change your dose on your own.',
            'Store your medication in the refrigerator as its label says, and do not use it if it looks cloudy, discolored or has particles, or if it has been frozen.',
            'Report side effects to your Provider, and get emergency care when you need it.',
            'Keep your primary care doctor informed and keep up with your regular health care; telehealth weight care does not replace it.',
          ],
        },
      ],
    },
    {
      id: 'emergencies',
      heading: '9. Emergencies and response times',
      blocks: [
        `Your Provider usually replies to messages within 24 hours, and our care team answers chat ${careHours}. Neither is monitored around the clock, so never use messaging for an urgent problem.`,
        {
          callout: [
            'For a medical emergency, call 911 or go to the nearest emergency room. For thoughts of suicide or self-harm, call or text 988 (the Suicide & Crisis Lifeline). For a possible poisoning or overdose, call Poison Control at 1-800-222-1222.',
          ],
          tone: 'warning',
        },
      ],
    },
    {
      id: 'state-requirements',
      heading: '10. State-specific requirements',
      blocks: [
        'Telehealth rules differ from state to state, and your Provider follows the rules of the state where you are located:',
        {
          list: [
            `**Short recorded video.** If you live in ${videoStateNames}, you will be asked after your assessment to record a short video (30 to 60 seconds) stating your full name and date of birth and briefly why you are seeking weight-loss medication. Your Provider reviews it before prescribing.`,
            "**Live visits.** In any state, your Provider may require a live video or phone visit before prescribing, because your state's law requires one or because your health calls for it. Your order continues once the visit has taken place.",
            "**Florida.** Florida residents receive the Florida Patient's Bill of Rights and Responsibilities with their assessment.",
            "**Provider licensing.** Your Provider is licensed in your state. You can ask for your Provider's name, credentials and license number at any time.",
          ],
        },
      ],
    },
    {
      id: 'electronic-communications',
      heading: '11. Consent to electronic communications and records',
      blocks: [
        'You agree that we and your Providers may communicate with you electronically, by portal messages and chat, email and text message, and that we may provide documents (including this consent, prescriptions, receipts and notices) electronically rather than on paper. You agree that checking a box or clicking a button is your electronic signature.',
        {
          list: [
            'Email and text messages are convenient but are not always encrypted and can be seen by others who use your devices. We send only limited information by email and text; detailed health information stays in your secure portal.',
            'Messages with your Provider become part of your medical record.',
            'You need a device with a current web browser, an email address and a mobile phone that can receive text messages. Keep your contact details up to date in your portal.',
            `You may ask for a paper copy of any document free of charge, or withdraw your consent to electronic communications, by contacting us at ${careEmail} or ${carePhone}. Because our care is delivered online, withdrawing it may mean we can no longer provide care, but it does not affect care you have already received.`,
          ],
        },
      ],
    },
    {
      id: 'privacy',
      heading: '12. Privacy',
      blocks: [
        `Your health information is protected as described in our [HIPAA Notice of Privacy Practices](${legalPath('hipaa-notice')}) and our [Privacy Policy](${legalPath('privacy-policy')}). Our Providers and staff access it only to care for you and run our services.`,
      ],
    },
    {
      id: 'your-rights',
      heading: '13. Your rights and your agreement',
      blocks: [
        'You may refuse or stop telehealth care, or any treatment, at any time, without affecting your right to future care elsewhere. You may withdraw this consent in writing at any time; withdrawal does not affect care already given.',
        'By checking the box agreeing to this consent, you confirm that:',
        {
          list: [
            'you are at least 18 years old and are located in your state of residence;',
            'you have read this consent, understand the benefits, risks and alternatives of telehealth and of GLP-1 medication, including the boxed warning, and have had the chance to ask questions;',
            'the information you give is complete and true to the best of your knowledge;',
            'you agree to receive care through telehealth and to communicate electronically as described above.',
          ],
        },
      ],
    },
    contactSection('Questions about this consent or your care? Contact our care team.'),
  ],
};

export default consent;
