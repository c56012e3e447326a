import { prescribedItemName, supplyOfItem, supplyText, vialsText } from './supply';

describe('the supply in one set of words', () => {
  it('reads back the vials the clinic writes into the GLP-1 item', () => {
    expect(prescribedItemName('Semaglutide', 6)).toBe('Compounded Semaglutide injection, 6 vials');
    expect(supplyOfItem(prescribedItemName('Tirzepatide', 1))).toEqual({
      name: 'Compounded Tirzepatide injection',
      vials: 1,
    });
    expect(supplyOfItem('Ondansetron 4 mg tablets (GLP Anti-Nausea), 30 tablets')).toEqual({
      name: 'Ondansetron 4 mg tablets (GLP Anti-Nausea), 30 tablets',
      vials: null,
    });
  });

  it('says how the vials come: all at once up to 3, else 3 every 90 days', () => {
    expect(vialsText(1)).toBe('1 vial');
    expect(supplyText(1)).toBe('1 vial');
    expect(supplyText(3)).toBe('3 vials');
    expect(supplyText(6)).toBe('6 vials: 3 every 90 days');
    expect(supplyText(12)).toBe('12 vials: 3 every 90 days');
  });
});
