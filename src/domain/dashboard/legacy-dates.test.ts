import { describe, expect, it } from 'vitest';
import { legacyDatesNotice } from './legacy-dates';

describe('legacyDatesNotice', () => {
  it('says nothing when every sale has a Timestamp date', () => {
    expect(legacyDatesNotice(0)).toBeUndefined();
  });

  it('names how many sales need the migration, singular and plural', () => {
    expect(legacyDatesNotice(1)).toBe(
      "1 vendita ha la data salvata in un formato non aggiornato e non rientra in nessun periodo né nei totali: chiedi all'assistenza di eseguire la migrazione delle vendite.",
    );
    expect(legacyDatesNotice(1200)).toMatch(/^1\.200 vendite hanno .* non rientrano in nessun periodo/);
  });
});
