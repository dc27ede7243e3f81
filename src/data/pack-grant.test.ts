import { describe, expect, it } from 'vitest';
import { packGrantDocs } from '@/domain/permissions/pack-grants';
import { normalizePackGrant, toFirestorePackGrant } from './pack-grant';
import { storedCollection } from './test-seed';

describe('PackGrant converter', () => {
  it('reads what packGrantDocs derives, and writes back the packIds', () => {
    const grants = packGrantDocs([{ id: 'pk-f', name: 'fatturazione' }, { id: 'pk-c', name: 'Catena' }]);
    for (const [key, grant] of Object.entries(grants)) {
      const entry = normalizePackGrant(key, { ...grant });
      expect(entry).toEqual({ id: key, packIds: grant.packIds, updatedAt: undefined });
      expect(toFirestorePackGrant(entry)).toEqual({ packIds: grant.packIds });
    }
  });

  it('reads the seeded index, and a missing list as empty', () => {
    const seeded = storedCollection('PackGrant').map(({ id, raw }) => normalizePackGrant(id, raw));
    expect(seeded.map((g) => g.id).sort()).toEqual(['catena', 'fatturazione', 'statistiche']);
    expect(normalizePackGrant('catena', {}).packIds).toEqual([]);
  });
});
