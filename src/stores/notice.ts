import { create } from 'zustand';

/** The way out a notice offers beside 'OK' (an in-app path). */
export interface NoticeAction {
  label: string;
  to: string;
}

/**
 * App-wide alerts that must survive a navigation (pack denied, Base plan refused): shown by <NoticeDialog>
 * until the user closes them, with the action that answers them when there is one.
 */
interface NoticeState {
  message: string | null;
  action: NoticeAction | null;
  show: (message: string, action?: NoticeAction) => void;
  close: () => void;
}

export const useNotice = create<NoticeState>((set) => ({
  message: null,
  action: null,
  show: (message, action) => set({ message, action: action ?? null }),
  close: () => set({ message: null, action: null }),
}));
