import { cleanName, drugOfItems, imageOfItem, shownItems } from './prescriptionItems';

describe('the prescription items shown', () => {
  it('removes the size tokens T1-T6 and S1-S5 from the names', () => {
    expect(cleanName('Tirzepatide T3 injection')).toBe('Tirzepatide injection');
    expect(cleanName('Semaglutide S2')).toBe('Semaglutide');
    expect(cleanName('Semaglutide (S5) 2.5 mg/mL')).toBe('Semaglutide 2.5 mg/mL');
    expect(cleanName('T6 - Tirzepatide')).toBe('Tirzepatide');
    expect(cleanName('Cyanocobalamin 1000 mcg/mL')).toBe('Cyanocobalamin 1000 mcg/mL');
    // Not size tokens: kept.
    expect(cleanName('Tirzepatide T7 ST1')).toBe('Tirzepatide T7 ST1');
  });

  it('leaves out ondansetron items', () => {
    const items = shownItems([
      { rxId: '1', name: 'Tirzepatide T1 injection', directions: 'Inject 2.5 mg weekly.' },
      { rxId: '2', name: 'Ondansetron 4 mg tablets', directions: 'As needed.' },
      { rxId: '3', name: 'ONDANSETRON ODT', directions: 'As needed.' },
    ]);
    expect(items).toEqual([
      { rxId: '1', name: 'Tirzepatide injection', directions: 'Inject 2.5 mg weekly.' },
    ]);
  });

  it('reads the drug and the product image from the names', () => {
    expect(drugOfItems([{ name: 'Ondansetron' }, { name: 'Semaglutide S1' }])).toBe('semaglutide');
    expect(drugOfItems([{ name: 'Tirzepatide T2' }])).toBe('tirzepatide');
    expect(drugOfItems([{ name: 'Vitamin' }])).toBeNull();
    expect(imageOfItem('Semaglutide')).toBe('/products/semaglutide.svg');
    expect(imageOfItem('tirzepatide injection')).toBe('/products/tirzepatide.svg');
    expect(imageOfItem('Cyanocobalamin')).toBe('/products/medication.svg');
  });
});
