import { describe, expect, it } from 'vitest';
import { shopToSellerInput } from './shop-seller';

describe('shopToSellerInput', () => {
  it('maps the Shop fields and defaults the regime to RF01', () => {
    expect(
      shopToSellerInput({
        name: 'Bottega',
        ragioneSociale: ' Bottega Srl ',
        vatNumber: '00743110157',
        codiceFiscale: '00743110157',
        address: 'Via Roma 1',
        city: 'Milano',
        province: 'MI',
        zipCode: 20100,
        country: 'IT',
      }),
    ).toEqual({
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
  it('falls back to settings.pIva and keeps a stored regime', () => {
    const s = shopToSellerInput({ vatNumber: '', settings: { pIva: '12345678903' }, taxRegime: 'rf19' });
    expect(s.partitaIva).toBe('12345678903');
    expect(s.regimeFiscale).toBe('RF19');
    expect(s.ragioneSociale).toBeUndefined();
    expect(shopToSellerInput({ settings: null }).partitaIva).toBe('');
  });
});
