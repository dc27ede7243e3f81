import { create } from 'zustand';

/**
 * Who is using the app right now: the Firebase user, their User profile, the active shop with the role held
 * there, and the active employee. Only identifiers and display names live here, never credentials. The active
 * shop (accountants) and employee survive a reload through sessionStorage and end with the browser tab.
 */
export interface ActiveEmployee {
  employeeId: string;
  employeeName: string;
  employeeRole: string;
}

export interface SessionProfile {
  level: string | null;
  levelRaw: string;
  shops: { shopId: string; role: string }[];
  displayName: string | undefined;
}

type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';
type ProfileStatus = 'idle' | 'loading' | 'loaded' | 'missing' | 'error';

interface SessionState {
  authStatus: AuthStatus;
  uid: string | undefined;
  email: string | undefined;
  profileStatus: ProfileStatus;
  profile: SessionProfile | undefined;
  activeShopId: string | undefined;
  activeRole: string | undefined;
  activeEmployee: ActiveEmployee | undefined;
  signedIn: (uid: string, email: string | undefined) => void;
  signedOut: () => void;
  profileLoading: () => void;
  profileLoaded: (profile: SessionProfile | undefined) => void;
  profileFailed: () => void;
  setActiveShop: (shopId: string, role: string) => void;
  setActiveEmployee: (employee: ActiveEmployee | undefined) => void;
}

const STORAGE_KEY = 'bo.session';

interface Persisted {
  uid: string;
  activeShopId?: string;
  activeRole?: string;
  activeEmployee?: ActiveEmployee;
}

function readPersisted(uid: string): Partial<Persisted> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Persisted) : undefined;
    return parsed?.uid === uid ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The last profile read for an account, kept in localStorage: a reload (or a new tab) opens the screen at once
 * instead of waiting for the Firestore SDK and the profile read; the live read follows and replaces it. What the
 * user may read is decided by the security rules, never by this copy. Removed at logout.
 */
export const PROFILE_CACHE_KEY = 'bo.profile';

function readCachedProfile(uid: string): SessionProfile | undefined {
  try {
    const raw = localStorage.getItem(PROFILE_CACHE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { uid?: unknown; profile?: SessionProfile }) : undefined;
    const profile = parsed?.uid === uid ? parsed.profile : undefined;
    return profile && typeof profile.levelRaw === 'string' && Array.isArray(profile.shops) ? profile : undefined;
  } catch {
    return undefined;
  }
}

function cacheProfile(uid: string | undefined, profile: SessionProfile | undefined): void {
  try {
    if (uid && profile) localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ uid, profile }));
    else localStorage.removeItem(PROFILE_CACHE_KEY);
  } catch {
    // storage unavailable: every load waits for the live profile
  }
}

/** The session fields a profile decides (the same for the cached and the live profile). */
function withProfile(state: Pick<SessionState, 'uid' | 'activeShopId' | 'activeRole'>, profile: SessionProfile): Partial<SessionState> {
  // A shop owner always works on their own shop (Shop documents are keyed by the owner's uid).
  const ownShop = profile.level === 'shop' && state.uid ? { activeShopId: state.uid, activeRole: 'owner' } : {};
  // An accountant keeps the shop chosen in this tab; the rules still decide whether they may read it (a shop
  // can list the accountant without being in the profile's shops[]).
  // Not the own shop of an owner profile this one replaces (a cached profile can be older than the live one).
  const keepAccountantShop = profile.level === 'accountant' && state.activeShopId !== undefined && state.activeRole !== 'owner';
  return {
    profileStatus: 'loaded',
    profile,
    ...(profile.level === 'accountant' && !keepAccountantShop ? { activeShopId: undefined, activeRole: undefined } : {}),
    ...ownShop,
  };
}

function persist(state: Pick<SessionState, 'uid' | 'activeShopId' | 'activeRole' | 'activeEmployee'>): void {
  try {
    if (!state.uid) {
      sessionStorage.removeItem(STORAGE_KEY);
      return;
    }
    const value: Persisted = { uid: state.uid, activeShopId: state.activeShopId, activeRole: state.activeRole, activeEmployee: state.activeEmployee };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // storage unavailable (private mode): the session simply does not survive a reload
  }
}

export const useSession = create<SessionState>((set, get) => ({
  authStatus: 'unknown',
  uid: undefined,
  email: undefined,
  profileStatus: 'idle',
  profile: undefined,
  activeShopId: undefined,
  activeRole: undefined,
  activeEmployee: undefined,
  signedIn(uid, email) {
    if (get().uid === uid && get().authStatus === 'signedIn') return;
    const saved = readPersisted(uid);
    const cached = readCachedProfile(uid);
    set({
      authStatus: 'signedIn',
      uid,
      email,
      profileStatus: 'idle',
      profile: undefined,
      activeShopId: saved.activeShopId,
      activeRole: saved.activeRole,
      activeEmployee: saved.activeEmployee,
      ...(cached ? withProfile({ uid, activeShopId: saved.activeShopId, activeRole: saved.activeRole }, cached) : {}),
    });
  },
  signedOut() {
    set({ authStatus: 'signedOut', uid: undefined, email: undefined, profileStatus: 'idle', profile: undefined, activeShopId: undefined, activeRole: undefined, activeEmployee: undefined });
    persist({ uid: undefined, activeShopId: undefined, activeRole: undefined, activeEmployee: undefined });
    cacheProfile(undefined, undefined);
  },
  profileLoading: () => set({ profileStatus: 'loading' }),
  profileLoaded(profile) {
    cacheProfile(get().uid, profile);
    if (!profile) {
      set({ profileStatus: 'missing', profile: undefined });
      return;
    }
    set(withProfile(get(), profile));
    persist(get());
  },
  // Offline with the cached profile: keep working with it (each read says what it cannot reach).
  profileFailed: () => set((state) => (state.profile ? {} : { profileStatus: 'error' })),
  setActiveShop(shopId, role) {
    set({ activeShopId: shopId, activeRole: role, activeEmployee: undefined });
    persist(get());
  },
  setActiveEmployee(employee) {
    set({ activeEmployee: employee });
    persist(get());
  },
}));
