import { create } from 'zustand';
import type { ConnectionState } from '@/lib/firebase-connection';

/**
 * Whether the page reaches the database now, as the shell's one watcher (app/shell/connection-banner.tsx) finds it.
 * A store so that a modal dialog, which makes the page behind it inert, can say it too (components/ui/modal.tsx).
 */
export const useConnection = create<{ state: ConnectionState; setState: (state: ConnectionState) => void }>((set) => ({
  state: 'online',
  setState: (state) => set({ state }),
}));
