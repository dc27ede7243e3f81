// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_CACHE_KEY, useSession, type SessionProfile } from './session';

const owner: SessionProfile = { level: 'shop', levelRaw: 'shop', shops: [], displayName: 'Bottega Verdi' };
const accountant: SessionProfile = { level: 'accountant', levelRaw: 'accountant', shops: [{ shopId: 'negozio-1', role: 'accountant' }], displayName: 'Studio' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signedOut();
});

describe('the cached profile', () => {
  it('is saved by a live read and opens the next visit at once, for the same account only', () => {
    useSession.getState().signedIn('uid-owner', 'negozio@demo.it');
    expect(useSession.getState().profileStatus).toBe('idle');
    useSession.getState().profileLoaded(owner);
    expect(JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}')).toEqual({ uid: 'uid-owner', profile: owner });

    // Next visit (a reload): the store starts empty, the cache remains.
    useSession.setState({ authStatus: 'unknown', uid: undefined, profileStatus: 'idle', profile: undefined, activeShopId: undefined });
    useSession.getState().signedIn('uid-owner', 'negozio@demo.it');
    const state = useSession.getState();
    expect(state.profileStatus).toBe('loaded');
    expect(state.profile).toEqual(owner);
    expect(state.activeShopId).toBe('uid-owner');
    expect(state.activeRole).toBe('owner');

    useSession.setState({ authStatus: 'unknown', uid: undefined, profileStatus: 'idle', profile: undefined });
    useSession.getState().signedIn('uid-other', 'altro@demo.it');
    expect(useSession.getState().profileStatus).toBe('idle');
    expect(useSession.getState().profile).toBeUndefined();
  });

  it('is replaced by the live profile, and removed when the live read finds none', () => {
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ uid: 'uid-1', profile: owner }));
    useSession.getState().signedIn('uid-1', undefined);
    expect(useSession.getState().profile?.level).toBe('shop');
    useSession.getState().profileLoaded(accountant);
    expect(useSession.getState().profile?.level).toBe('accountant');
    // An accountant has no shop until they choose one.
    expect(useSession.getState().activeShopId).toBeUndefined();
    expect((JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}') as { profile: SessionProfile }).profile.level).toBe('accountant');
    useSession.getState().profileLoaded(undefined);
    expect(useSession.getState().profileStatus).toBe('missing');
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });

  it('keeps the cached profile when the live read fails (offline), and says error without one', () => {
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ uid: 'uid-1', profile: owner }));
    useSession.getState().signedIn('uid-1', undefined);
    useSession.getState().profileFailed();
    expect(useSession.getState().profileStatus).toBe('loaded');
    useSession.getState().signedOut();
    useSession.getState().signedIn('uid-1', undefined);
    useSession.getState().profileFailed();
    expect(useSession.getState().profileStatus).toBe('error');
  });

  it('is removed at logout, and a damaged copy is ignored', () => {
    useSession.getState().signedIn('uid-1', undefined);
    useSession.getState().profileLoaded(owner);
    useSession.getState().signedOut();
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
    localStorage.setItem(PROFILE_CACHE_KEY, '{"uid":"uid-1","profile":{"level":"shop"}');
    useSession.getState().signedIn('uid-1', undefined);
    expect(useSession.getState().profileStatus).toBe('idle');
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ uid: 'uid-1', profile: { level: 'shop' } }));
    useSession.getState().signedOut();
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ uid: 'uid-1', profile: { level: 'shop' } }));
    useSession.getState().signedIn('uid-1', undefined);
    expect(useSession.getState().profileStatus).toBe('idle');
  });
});
