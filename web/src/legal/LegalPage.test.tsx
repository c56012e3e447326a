import { act } from 'react';
import {
  defaultPriceTable,
  stateRulesSeed,
  type PriceTable,
  type StateRules,
} from '@clinic/contracts';
import { renderRoutes, settle, where } from '../account/testing/kit';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { LegalPage } from './LegalPage';
import type { Rendered } from '../test-utils/render';
import { CONTENTS_FROM_SECTIONS, LEGAL_EFFECTIVE_DATE } from './document';
import { legalDocs, type DocumentModule } from './legalDocs';

/** The rules GET /api/state-rules answers with (today's, unless a test changes them). */
let rulesInForce: StateRules = stateRulesSeed;
let fetchMock: FetchMock;
beforeEach(() => {
  rulesInForce = stateRulesSeed;
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/prices'
      ? jsonResponse(200, { status: 'success', prices: defaultPriceTable })
      : jsonResponse(200, { status: 'success', version: 3, rules: rulesInForce }),
  );
});

/** A document's text as the page shows it under today's rules and prices. */
const textOf = ({ default: text }: DocumentModule) =>
  typeof text === 'function' ? text({ rules: stateRulesSeed, prices: defaultPriceTable }) : text;

const routes = [
  { path: '/legal/:slug', element: <LegalPage /> },
  { path: '/', element: <p>start</p> },
];

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

/** Renders /legal/<slug> and waits for its document to arrive (a dynamic import). */
async function open(slug: string): Promise<Rendered> {
  const rendered = await renderRoutes(routes, `/legal/${slug}`);
  for (let i = 0; i < 20 && !rendered.container.querySelector('[data-legal-doc]'); i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  await settle();
  return rendered;
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => el.textContent ?? '');

describe.each(legalDocs.map((doc) => [doc.slug, doc] as const))('/legal/%s', (slug, doc) => {
  it('renders the whole document: title, effective date, every section, contact', async () => {
    const text = textOf(await doc.load());
    view = await open(slug);
    const main = view.container.querySelector(`main[data-legal-doc="${slug}"]`);
    expect(main).not.toBeNull();

    expect(texts(main!, 'h1')).toEqual([text.title]);
    expect(document.title).toBe(`${text.title} | GLP Clinic`);
    expect(main!.querySelector('time')?.getAttribute('datetime')).toBe(LEGAL_EFFECTIVE_DATE);
    expect(main!.textContent).toContain('Effective November 24, 2026');

    expect(text.sections.length).toBeGreaterThanOrEqual(5);
    expect(texts(main!, 'article h2')).toEqual(text.sections.map((s) => s.heading));
    for (const section of text.sections) {
      const element = main!.querySelector(`section#${section.id}`);
      expect(element?.querySelector('h2')?.textContent).toBe(section.heading);
      // Every section says something: no empty headings.
      expect(element?.textContent?.length ?? 0).toBeGreaterThan(section.heading.length + 40);
    }

    // Every document ends with the company's contact.
    const contact = main!.querySelector('section#contact');
    expect(contact?.textContent).toContain('care@glpclinic.example');
    expect(contact?.textContent).toContain('(888) 555-0142');
    expect(contact?.textContent).toContain(
      '1200 Market Street, Suite 400, San Francisco, CA 94102',
    );
  });

  it('lists the sections in a table of contents that links to each', async () => {
    const text = textOf(await doc.load());
    view = await open(slug);
    const contents = view.container.querySelector('nav[aria-label="Contents"]');
    if (text.sections.length < CONTENTS_FROM_SECTIONS) {
      expect(contents).toBeNull();
      return;
    }
    expect(texts(contents!, 'a')).toEqual(text.sections.map((s) => s.heading));
    expect([...contents!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(
      text.sections.map((s) => `#${s.id}`),
    );
  });

  it('links the other five policies and support', async () => {
    view = await open(slug);
    const others = view.container.querySelector('nav[aria-label="Other policies"]');
    expect(texts(others!, 'a')).toEqual([
      ...legalDocs.filter((d) => d.slug !== slug).map((d) => d.title),
      'Help and support',
    ]);
  });
});

describe('legal document contents', () => {
  const load = async (slug: string) => {
    view = await open(slug);
    return view.container.querySelector('main')?.textContent ?? '';
  };

  it('Terms: 18+, 911, auto-renewal and the real retry and cancellation rules', async () => {
    const text = await load('terms-of-use');
    expect(text).toContain('be at least 18 years old');
    expect(text).toContain('Louisiana, Mississippi, Alabama');
    expect(text).toContain('call 911');
    expect(text).toContain('Your plan renews automatically until you cancel.');
    expect(text).toContain('we try again 1 day later and, if that fails, 2 days after that');
    expect(text).toContain('Past Due');
    expect(text).toContain('an early termination fee may apply');
    expect(text).toContain('We never charge it automatically');
    expect(text).toContain(
      'Compounded drugs are not approved by the US Food and Drug Administration',
    );
    // The spec's price table, from the catalog constants.
    expect(text).toContain('$134.99 today, then $249.97 every month');
    expect(text).toContain('$2,299.97 today, then $2,299.97 every 12 months');
  });

  it('Terms name the states not served by the rules in force, as the server gives them', async () => {
    const { default: terms } = await import('./documents/terms-of-use');
    const words = (rules: StateRules) =>
      JSON.stringify(terms({ rules, prices: defaultPriceTable }));
    expect(words({ ...stateRulesSeed, blockedStates: ['LA', 'WY'] })).toContain(
      'we do not yet offer care in Louisiana, Wyoming);',
    );
    expect(words({ ...stateRulesSeed, blockedStates: [] })).not.toContain('we do not yet offer');
  });

  it('Terms and the refund policy quote the prices in force, the add-on too', async () => {
    const prices: PriceTable = {
      ...defaultPriceTable,
      semaglutide: {
        firstMonth: 14999,
        terms: { ...defaultPriceTable.semaglutide.terms, 1: 25999 },
      },
      antiNausea: 2497,
    };
    const { default: terms } = await import('./documents/terms-of-use');
    const { default: policy } = await import('./documents/returns-refund-policy');
    const termsText = JSON.stringify(terms({ rules: stateRulesSeed, prices }));
    expect(termsText).toContain('$149.99 today, then $259.99 every month');
    expect(termsText).toContain('costs $24.97, charged once');
    expect(JSON.stringify(policy({ rules: stateRulesSeed, prices }))).toContain(
      '($259.99 for semaglutide',
    );
  });

  it('TeleHealth Consent carries the boxed warning and the emergency line', async () => {
    const text = await load('telehealth-consent');
    expect(text).toContain('Warning: risk of thyroid C-cell tumors');
    expect(text).toContain('medullary thyroid carcinoma (MTC)');
    expect(text).toContain('Multiple Endocrine Neoplasia syndrome type 2 (MEN 2)');
    expect(text).toContain('call 911');
    expect(text).toContain('Arkansas');
  });

  it('HIPAA Notice opens with the required header and names HHS OCR', async () => {
    const text = await load('hipaa-notice');
    expect(text).toContain(
      'This notice describes how medical information about you may be used and disclosed and how you can get access to this information. Please review it carefully.',
    );
    expect(text).toContain('Office for Civil Rights');
    expect(text).toContain('1-877-696-6775');
  });

  it('the CCPA page holds the request form', async () => {
    view = await open('ccpa-opt-out');
    expect(view.container.querySelector('form[aria-label="Privacy request"]')).not.toBeNull();
  });
});

it('sends an unknown legal slug to /', async () => {
  view = await renderRoutes(routes, '/legal/not-a-document');
  expect(where(view)).toBe('/');
});
