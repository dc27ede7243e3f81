import { create } from 'zustand';
import { CONSENT_STORAGE_KEY, consentState, makeConsent, parseConsent, type ConsentChoice, type ConsentRecord, type ConsentState } from './consent';

/**
 * The consent choice in memory, kept in step with localStorage (and with other tabs through the 'storage'
 * event), plus the UI flag that reopens the preferences from the cookie policy page.
 */
function readStored(now = new Date()): ConsentRecord | undefined {
  try {
    const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
    const record = parseConsent(raw, now);
    // Expired or damaged: drop it, the banner asks again.
    if (raw !== null && !record) localStorage.removeItem(CONSENT_STORAGE_KEY);
    return record;
  } catch {
    return undefined;
  }
}

function writeStored(record: ConsentRecord): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage unavailable (private mode, quota): the choice holds for this page load only.
  }
}

interface ConsentStore {
  record: ConsentRecord | undefined;
  preferencesOpen: boolean;
  choose: (choice: ConsentChoice, optional?: { analytics: boolean; functional: boolean }) => void;
  /** The choice is now in the activity log. */
  markLogged: () => void;
  openPreferences: () => void;
  closePreferences: () => void;
  reload: () => void;
}

export const useConsentStore = create<ConsentStore>((set, get) => ({
  record: readStored(),
  preferencesOpen: false,
  choose(choice, optional = { analytics: false, functional: false }) {
    const record = makeConsent(choice, optional, new Date());
    writeStored(record);
    set({ record, preferencesOpen: false });
  },
  markLogged() {
    const { record } = get();
    if (!record?.pendingLog) return;
    const logged = { ...record, pendingLog: false };
    writeStored(logged);
    set({ record: logged });
  },
  openPreferences: () => set({ preferencesOpen: true }),
  closePreferences: () => set({ preferencesOpen: false }),
  reload() {
    const record = readStored();
    if (JSON.stringify(record) !== JSON.stringify(get().record)) set({ record });
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) useConsentStore.getState().reload();
  });
  // A tab left open past the expiry asks again when the user comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') useConsentStore.getState().reload();
  });
}

/** Current consent for other parts of the app, e.g. the chat assistant loads only when functional is true. */
export function useCookieConsent(): ConsentState {
  const record = useConsentStore((s) => s.record);
  return consentState(record);
}
