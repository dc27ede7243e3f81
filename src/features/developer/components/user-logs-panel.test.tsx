// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/data/shop';
import { UserLogsPanel } from './user-logs-panel';

// The live read answers with a failure (the rules refused it, or the network is gone).
vi.mock('@/lib/firebase-hooks', () => ({ useLiveQuery: () => ({ status: 'error', error: 'Permessi insufficienti.' }) }));
vi.mock('@/data/user-log', () => ({ userLogQuery: () => ({}) }));
vi.mock('@/components/activity-log/use-actor-labels', () => ({ useActorLabels: () => new Map() }));
vi.mock('./csv-log-modal', () => ({ CsvLogModal: () => null }));
vi.mock('./flag-filtered', () => ({ FlagFiltered: () => null }));
afterEach(cleanup);

describe('UserLogsPanel (document 3 §8)', () => {
  it("says the spec's load-failure text of the user logs, with the reason", () => {
    const shop = { id: 's1', name: 'Negozio', userId: 's1', userIdMissing: false } as unknown as Shop;
    render(<UserLogsPanel shop={shop} notify={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Errore nel caricamento dei user logs: Permessi insufficienti.');
  });
});
