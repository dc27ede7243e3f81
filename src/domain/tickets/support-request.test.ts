import { describe, expect, it } from 'vitest';
import { prefilledTicket, supportRequestLabel, supportRequestPath } from './support-request';

const read = (path: string) => prefilledTicket(new URLSearchParams(path.split('?')[1] ?? ''));

describe('support requests prepared for the owner', () => {
  it('a renewal: the path opens a ticket in Impostazioni asking for it', () => {
    expect(supportRequestPath({ kind: 'rinnovo' })).toBe('/my-tickets?richiesta=rinnovo');
    expect(read(supportRequestPath({ kind: 'rinnovo' }))).toEqual({ categorie: 'impostazioni', description: "Vorrei rinnovare l'abbonamento del negozio: contattatemi per il rinnovo, grazie." });
    expect(supportRequestLabel({ kind: 'rinnovo' })).toBe("Chiedi il rinnovo all'assistenza");
  });

  it('a pack: named in the path and in the ticket', () => {
    const path = supportRequestPath({ kind: 'pacchetto', pack: 'Fatturazione' });
    expect(path).toBe('/my-tickets?richiesta=pacchetto&pacchetto=Fatturazione');
    expect(read(path)?.description).toBe('Vorrei attivare il pacchetto "Fatturazione" nell\'abbonamento del negozio: contattatemi con la proposta, grazie.');
    expect(supportRequestLabel({ kind: 'pacchetto', pack: 'Catena' })).toBe('Chiedi il pacchetto "Catena" all\'assistenza');
  });

  it('no request, an unknown one, or a pack without a name opens nothing', () => {
    expect(read('/my-tickets')).toBeUndefined();
    expect(read('/my-tickets?richiesta=altro')).toBeUndefined();
    expect(read('/my-tickets?richiesta=pacchetto&pacchetto=%20')).toBeUndefined();
  });
});
