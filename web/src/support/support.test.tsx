import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { renderRoutes, settle } from '../account/testing/kit';
import { Footer } from '../components/Footer';
import { stateRulesSeed } from '@clinic/contracts';
import { installFetchMock, jsonResponse } from '../test-utils/fetchMock';
import { render, type Rendered } from '../test-utils/render';
import { faq } from './faq';
import { FaqRoute, SupportRoute } from './lazyPages';

const routes = [
  { path: '/support', element: <SupportRoute /> },
  { path: '/faq', element: <FaqRoute /> },
];

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

/** Renders a help page and waits for its lazily loaded module. */
async function open(path: string): Promise<Rendered> {
  const rendered = await renderRoutes(routes, path);
  for (let i = 0; i < 20 && !rendered.container.querySelector('main[data-page]'); i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  await settle();
  return rendered;
}

const hrefs = (root: ParentNode) =>
  [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('/support', () => {
  it('shows the care team contact: email, toll-free phone and hours', async () => {
    view = await open('/support');
    expect(view.container.querySelector('h1')?.textContent).toBe('Help and support');
    expect(document.title).toBe('Help and support | GLP Clinic');
    const card = view.container.querySelector('.support-card')!;
    expect(hrefs(card)).toEqual(
      expect.arrayContaining(['mailto:care@glpclinic.example', 'tel:+18885550142', '/home']),
    );
    expect(card.textContent).toContain('(888) 555-0142');
    expect(card.textContent).toContain('Monday to Friday, 7:00 AM to 7:00 PM Pacific');
    expect(card.textContent).toContain('Closed on holidays');
  });

  it('says what to expect and what to do in an emergency', async () => {
    view = await open('/support');
    const text = view.container.textContent ?? '';
    expect(text).toContain('Replies in minutes during staffed hours');
    expect(text).toContain('Replies come within 24 hours');
    expect(text).toContain('In a medical emergency, call 911');
    expect(hrefs(view.container)).toEqual(
      expect.arrayContaining([
        '/faq',
        '/faq#not-approved',
        '/replacement-request',
        '/legal/ccpa-opt-out',
        '/legal/returns-refund-policy',
      ]),
    );
  });
});

describe('/faq', () => {
  it('asks 10 to 12 questions, each folded under its own anchor', async () => {
    view = await open('/faq');
    const items = [...view.container.querySelectorAll('details.faq__item')];
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.length).toBeLessThanOrEqual(12);
    expect(items.map((d) => d.id)).toEqual(faq.map((entry) => entry.id));
    expect(items.map((d) => d.querySelector('summary')?.textContent)).toEqual(
      faq.map((entry) => entry.question),
    );
    expect(items.every((d) => !(d as HTMLDetailsElement).open)).toBe(true);
  });

  it('names the states not served by the rules in force, read from the server', async () => {
    const fetchMock = installFetchMock();
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        status: 'success',
        version: 4,
        rules: { ...stateRulesSeed, blockedStates: ['LA', 'MS', 'AL', 'WY'] },
      }),
    );
    view = await open('/faq');
    await settle();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/state-rules');
    expect(view.container.querySelector('#eligibility')?.textContent).toContain(
      'we do not yet serve Louisiana, Mississippi, Alabama and Wyoming',
    );
  });

  it('opens the question a link points at', async () => {
    view = await open('/faq#not-approved');
    const item = view.container.querySelector<HTMLDetailsElement>('#not-approved')!;
    expect(item.open).toBe(true);
    expect(item.textContent).toContain('You get a full refund of everything you paid');
  });

  it('covers the questions patients ask, with the medical safety lines', async () => {
    view = await open('/faq');
    const text = view.container.textContent ?? '';
    for (const topic of [
      'Who can join the program?',
      'How does the doctor review work?',
      'What if I am not approved?',
      'How do I inject my medication?',
      'Can I pause or cancel my plan?',
      'When will I be billed?',
      'Is my information private?',
    ])
      expect(text).toContain(topic);
    expect(text).toContain('medullary thyroid cancer');
    expect(text).toContain('Call 911 or go to an emergency room');
    expect(text).toContain('3-month commitment');
    expect(text).toContain('we try again 1 day later and then 2 days after that');
  });
});

describe('footer', () => {
  it('links help and support and the FAQ, with the care team phone and email', async () => {
    view = await render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = view.container.querySelector('footer')!;
    expect(hrefs(footer)).toEqual(
      expect.arrayContaining([
        '/about',
        '/support',
        '/faq',
        'tel:+18885550142',
        'mailto:care@glpclinic.example',
      ]),
    );
    // The legal navigation keeps exactly the six documents of spec 000.
    expect(footer.querySelectorAll('nav[aria-label="Legal"] a')).toHaveLength(6);
  });
});
