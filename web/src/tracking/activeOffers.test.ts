import { OFFERS_KEY, captureOffers, readActiveOffers } from './activeOffers';

beforeEach(() => sessionStorage.clear());

describe('active offers', () => {
  it('default to the default variant', () => {
    expect(readActiveOffers()).toEqual({ sema_offer: 'default', tir_offer: 'default' });
  });

  it('keep valid sema_offer and tir_offer values for the session', () => {
    captureOffers('?sema_offer=A&tir_offer=B');
    expect(readActiveOffers()).toEqual({ sema_offer: 'A', tir_offer: 'B' });
    // a later page without the parameters keeps them; one parameter changes only its drug
    captureOffers('?utm_source=x');
    captureOffers('?tir_offer=C');
    expect(readActiveOffers()).toEqual({ sema_offer: 'A', tir_offer: 'C' });
    captureOffers('?sema_offer=default');
    expect(readActiveOffers()).toEqual({ sema_offer: 'default', tir_offer: 'C' });
  });

  it('ignore unknown values', () => {
    captureOffers('?sema_offer=Z&tir_offer=a');
    expect(sessionStorage.getItem(OFFERS_KEY)).toBeNull();
    expect(readActiveOffers()).toEqual({ sema_offer: 'default', tir_offer: 'default' });
  });

  it('survive a damaged stored value', () => {
    sessionStorage.setItem(OFFERS_KEY, '{"sema_offer":"Q"');
    expect(readActiveOffers()).toEqual({ sema_offer: 'default', tir_offer: 'default' });
  });
});
