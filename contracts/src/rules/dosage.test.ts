import type { PrescriptionEntry } from '../api/portal';
import {
  dosageDisplayName,
  dominantDrug,
  dosageProgression,
  dosageSupply,
  dosageTabName,
  formatDoseMg,
  isExcludedFromProgression,
  ordersWithPrescriptions,
  strengthLabel,
} from './dosage';

function entry(
  name: string,
  strength: number | null,
  month: number | null = null,
  directions = '',
): PrescriptionEntry {
  return {
    name,
    directions,
    medId: 'm',
    strength,
    rxId: 'rx',
    transactionId: null,
    month,
  };
}

describe('strength labels (spec 002 section 9)', () => {
  it('labels semaglutide S1-S5 and tirzepatide T1-T6', () => {
    expect([0.25, 0.5, 1, 1.75, 2.5].map((mg) => strengthLabel('semaglutide', mg))).toEqual([
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
    ]);
    expect([2.5, 5, 7.5, 10, 12.5, 15].map((mg) => strengthLabel('tirzepatide', mg))).toEqual([
      'T1',
      'T2',
      'T3',
      'T4',
      'T5',
      'T6',
    ]);
  });

  it('reads the questionnaire’s 1.7 and 2.4 mg as S4 and S5 too (both readings stand)', () => {
    expect(strengthLabel('semaglutide', 1.7)).toBe('S4');
    expect(strengthLabel('semaglutide', 2.4)).toBe('S5');
    expect(strengthLabel('tirzepatide', 2.4)).toBeNull();
  });

  it('compares within 0.0001 mg', () => {
    expect(strengthLabel('semaglutide', 1.75 + 0.00005)).toBe('S4');
    expect(strengthLabel('semaglutide', 0.25 - 0.00009)).toBe('S1');
    expect(strengthLabel('semaglutide', 1.751)).toBeNull();
    expect(strengthLabel('tirzepatide', 3)).toBeNull();
  });
});

describe('the progression', () => {
  it('leaves out ondansetron, cyanocobalamin and B12, whatever their case', () => {
    for (const name of ['Ondansetron 4 mg', 'ONDANSETRON ODT', 'Cyanocobalamin inj', 'Vitamin b12'])
      expect(isExcludedFromProgression(name)).toBe(true);
    expect(isExcludedFromProgression('Semaglutide 2.5mg/mL')).toBe(false);

    const rows = dosageProgression([
      entry('Semaglutide S1-S5', 0.5, 2),
      entry('Ondansetron 4mg tablets', 4),
      entry('Semaglutide S1-S5', 0.25, 1),
      entry('Cyanocobalamin 1000mcg', 1),
      entry('B12', 1),
    ]);
    expect(rows.map((r) => [r.title, r.strength, r.label])).toEqual([
      ['Month 1', 0.25, 'S1'],
      ['Month 2', 0.5, 'S2'],
    ]);
  });

  it('sorts by strength and numbers the months when entries carry none', () => {
    const rows = dosageProgression([
      entry('Tirzepatide T1-T6', 7.5),
      entry('Tirzepatide T1-T6', 2.5),
      entry('Tirzepatide T1-T6', 5),
    ]);
    expect(rows.map((r) => `${r.title}: ${formatDoseMg(r.strength)} ${r.label}`)).toEqual([
      'Month 1: 2.5 mg T1',
      'Month 2: 5 mg T2',
      'Month 3: 7.5 mg T3',
    ]);
    expect(rows[0]!.name).toBe('Tirzepatide');
  });

  it('uses the entries’ months, one row per month', () => {
    const rows = dosageProgression([
      entry('Semaglutide', 1, 3),
      entry('Semaglutide', 1, 4),
      entry('Semaglutide', 0.5, 2),
      entry('Semaglutide', 0.5, 2),
      entry('Semaglutide', 0.25, 1),
    ]);
    expect(rows.map((r) => [r.month, r.strength])).toEqual([
      [1, 0.25],
      [2, 0.5],
      [3, 1],
      [4, 1],
    ]);
  });

  it('is empty without a strength', () => {
    expect(dosageProgression([entry('Ondansetron', null)])).toEqual([]);
    expect(dosageProgression([])).toEqual([]);
  });
});

describe('the dominant drug', () => {
  it('is the drug most entries name; a tie goes to semaglutide', () => {
    expect(
      dominantDrug([entry('Tirzepatide', 2.5), entry('Tirzepatide', 5), entry('Semaglutide', 1)]),
    ).toBe('tirzepatide');
    expect(dominantDrug([entry('Tirzepatide', 2.5), entry('Semaglutide', 1)])).toBe('semaglutide');
    expect(dominantDrug([])).toBe('semaglutide');
    // the excluded items do not count
    expect(
      dominantDrug([entry('Tirzepatide', 2.5), entry('Ondansetron', 4), entry('Ondansetron', 4)]),
    ).toBe('tirzepatide');
  });

  it('labels an entry that names no drug by the dominant one', () => {
    const rows = dosageProgression([
      entry('Tirzepatide T1-T6', 2.5, 1),
      entry('Tirzepatide', 5, 2),
      entry('GLP-1 vial', 7.5, 3),
    ]);
    expect(rows.map((r) => r.label)).toEqual(['T1', 'T2', 'T3']);
  });
});

describe('names and the tab', () => {
  it('removes size tokens from names', () => {
    expect(dosageDisplayName('Tirzepatide T1-T6')).toBe('Tirzepatide');
    expect(dosageDisplayName('Semaglutide S1 - S5 2.5mg/mL')).toBe('Semaglutide 2.5mg/mL');
    expect(dosageDisplayName('Semaglutide (S3)')).toBe('Semaglutide');
    expect(dosageDisplayName('Semaglutide S4, 1 vial')).toBe('Semaglutide, 1 vial');
    expect(dosageDisplayName('Vitamin B12')).toBe('Vitamin B12');
  });

  it("names the tab 'Drug (date)' with the order's date in US format", () => {
    const order = {
      prescription_data: [entry('Tirzepatide T1-T6', 2.5, 1)],
      created_at: '2026-11-20T12:00:00.000Z',
    };
    expect(dosageTabName(order, 'America/New_York')).toBe('Tirzepatide (Nov 20, 2026)');
    expect(dosageTabName({ ...order, prescription_data: [entry('Semaglutide', 1)] }, 'UTC')).toBe(
      'Semaglutide (Nov 20, 2026)',
    );
  });

  it('keeps the orders with prescription data', () => {
    expect(
      ordersWithPrescriptions([
        { id: 1, prescription_data: [] },
        { id: 2, prescription_data: [entry('Semaglutide', 1)] },
      ]).map((o) => o.id),
    ).toEqual([2]);
  });
});

describe('the supply list and directions', () => {
  it("counts the prescription's vials, not the months of its schedule, in the pharmacy's words", () => {
    const name = 'Compounded Semaglutide injection, 6 vials';
    const supply = dosageSupply([
      entry(name, 0.25, 1, 'Inject weekly.'),
      entry(name, 0.5, 2, 'Inject weekly.'),
      entry(name, 1, 3, 'Inject weekly.'),
    ]);
    // Not "6 vials × 3": one line, 6 vials in all, 3 in each shipment.
    expect(supply.medication).toEqual([
      { name: 'Compounded Semaglutide injection', quantity: '6 vials: 3 every 90 days' },
    ]);
    expect(supply.directions).toEqual([
      { name: 'Compounded Semaglutide injection', directions: 'Inject weekly.' },
    ]);
    // Each month's row names the medication, not the vials again.
    expect(dosageProgression([entry(name, 0.25, 1)])).toEqual([
      expect.objectContaining({ name: 'Compounded Semaglutide injection' }),
    ]);
  });

  it('lists the medication and, apart, what comes with it; each direction once', () => {
    const supply = dosageSupply([
      entry('Semaglutide S1-S5', 0.25, 1, 'Inject 0.25 mg weekly.'),
      entry('Semaglutide S1-S5', 0.5, 2, 'Inject 0.5 mg weekly.'),
      entry('Ondansetron 4mg tablets', null, null, 'One tablet as needed for nausea.'),
      entry('Ondansetron 4mg tablets', null, null, 'One tablet as needed for nausea.'),
    ]);
    expect(supply.medication).toEqual([{ name: 'Semaglutide', quantity: null }]);
    expect(supply.supporting).toEqual([{ name: 'Ondansetron 4mg tablets', quantity: '× 2' }]);
    expect(supply.directions).toEqual([
      { name: 'Semaglutide', directions: 'Inject 0.25 mg weekly.' },
      { name: 'Semaglutide', directions: 'Inject 0.5 mg weekly.' },
      { name: 'Ondansetron 4mg tablets', directions: 'One tablet as needed for nausea.' },
    ]);
  });
});
