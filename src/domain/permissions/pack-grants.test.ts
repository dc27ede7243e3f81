import { describe, expect, it } from 'vitest';
import { packGrantDocs } from './pack-grants';

describe('packGrantDocs (the PackGrant index the rules read)', () => {
  it('lists, for each gated pack, the ids of the packs whose name grants it, as packMatches decides', () => {
    const docs = packGrantDocs([
      { id: 'a1', name: 'fatturazione' },
      { id: 'b2', name: 'Fatturazione Elettronica' },
      { id: 'c3', name: 'Catena' },
      { id: 'd4', name: 'analisi' },
      { id: 'e5', name: 'Statistiche' },
      { id: 'f6', name: 'magazzino' },
    ]);
    expect(docs).toEqual({ fatturazione: { packIds: ['a1', 'b2'] }, catena: { packIds: ['c3'] }, statistiche: { packIds: ['d4', 'e5'] } });
  });

  it('writes an empty list for a gated pack no pack grants (the rules then grant it by name only)', () => {
    expect(packGrantDocs([{ id: 'x', name: 'listini' }])).toEqual({ fatturazione: { packIds: [] }, catena: { packIds: [] }, statistiche: { packIds: [] } });
  });
});
