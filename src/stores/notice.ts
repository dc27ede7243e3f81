import { create } from 'zustand';

/**
 * App-wide alerts that must survive a navigation (pack denied, Base plan refused): shown by <NoticeDialog>
 * until the user closes them.
 */
interface NoticeState {
  message: string | null;
  show: (message: string) => void;
  close: () => void;
}

export const useNotice = create<NoticeState>((set) => ({
  message: null,
  show: (message) => set({ message }),
  close: () => set({ message: null }),
}));
