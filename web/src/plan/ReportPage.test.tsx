import type { Rendered } from '../test-utils/render';
import { renderPage, where } from '../intake/testing/dom';
import { storeIntake } from '../intake/testing/fixtures';
import { ReportPage } from './ReportPage';
import { lossRows, targetWeight } from './reportNumbers';

let view: Rendered | undefined;

async function open(path: string) {
  view = await renderPage(path, { '/weight-loss-report': <ReportPage /> });
  return view;
}
const text = (selector: string) => view!.container.querySelector(selector)?.textContent;

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('report numbers', () => {
  it('take 16% off on semaglutide and 22% on tirzepatide', () => {
    expect(lossRows(200)).toEqual([
      { drug: 'semaglutide', label: 'Semaglutide', percent: 16, weightAfter: 168 },
      { drug: 'tirzepatide', label: 'Tirzepatide', percent: 22, weightAfter: 156 },
    ]);
    expect(lossRows(185).map((row) => row.weightAfter)).toEqual([155, 144]);
  });

  it('target the query parameter, else the goal weight, else 120', () => {
    expect(targetWeight('150', 160)).toBe(150);
    expect(targetWeight(null, 160)).toBe(160);
    expect(targetWeight('abc', null)).toBe(120);
    expect(targetWeight(null, null)).toBe(120);
  });
});

describe('ReportPage', () => {
  it('greets the visitor and shows the weights and the loss table', async () => {
    storeIntake(9);
    await open('/weight-loss-report?desired_weight=150');
    expect(text('h1')).toBe('You Qualify, Jane');
    expect(text('[data-testid="current-weight"]')).toBe('200 lbs');
    expect(text('[data-testid="target-weight"]')).toBe('150 lbs');
    const rows = [...view!.container.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Semaglutide', '16%', '168 lbs'],
      ['Tirzepatide', '22%', '156 lbs'],
    ]);
    expect(view!.container.querySelector('a.button')?.getAttribute('href')).toBe(
      '/weight-loss-plan',
    );
  });

  it('uses the stored goal weight without the parameter, and 120 without either', async () => {
    storeIntake(9);
    await open('/weight-loss-report');
    expect(text('[data-testid="target-weight"]')).toBe('160 lbs');
    await view!.unmount();

    storeIntake(9, { desiredWeight: '' });
    await open('/weight-loss-report');
    expect(text('[data-testid="target-weight"]')).toBe('120 lbs');
  });

  it('sends a visitor without quiz answers to the quiz', async () => {
    await open('/weight-loss-report?desired_weight=150');
    expect(where(view!)).toBe('/');
  });
});
