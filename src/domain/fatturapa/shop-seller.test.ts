import { describe, expect, it } from 'vitest';
import { shopToSellerInput, type SellerIdentity } from './shop-seller';

const shop: SellerIdentity = {
  name: 'Bottega',
  ragioneSociale: ' Bottega Srl ',
  partitaIva: '00743110157',
  codiceFiscale: '00743110157',
  address: 'Via Roma 1',
  city: 'Milano',
  province: 'MI',
  zipCode: '20100',
  country: 'IT',
  taxRegime: 'RF01',
};

describe('shopToSellerInput', () => {
  it('maps the typed Shop fields, trimmed', () => {
    expect(shopToSellerInput(shop)).toEqual({
      name: 'Bottega',
      ragioneSociale: 'Bottega Srl',
      partitaIva: '00743110157',
      codiceFiscale: '00743110157',
      address: 'Via Roma 1',
      city: 'Milano',
      province: 'MI',
      cap: '20100',
      nation: 'IT',
      regimeFiscale: 'RF01',
    });
  });
  it('defaults an empty regime to RF01 and leaves empty optional values out', () => {
    const s = shopToSellerInput({ ...shop, taxRegime: '', ragioneSociale: undefined, codiceFiscale: '' });
    expect(s.regimeFiscale).toBe('RF01');
    expect(s).not.toHaveProperty('ragioneSociale');
    expect(s).not.toHaveProperty('codiceFiscale');
  });
});
