import { create } from 'zustand';

/** The way out a notice offers beside 'OK': an in-app path, or a link out of the app (mailto:, tel:). */
export type NoticeAction = { label: string; to: string } | { label: string; href: string };

/**
 * App-wide alerts that must survive a navigation (pack denied, Base plan refused): shown by <NoticeDialog>
 * until the user closes them, with the action that answers them when there is one.
 */
interface NoticeState {
  message: string | null;
  action: NoticeAction | null;
  /** A second paragraph under the message (who to contact), the message itself staying the spec's text. */
  detail: string | null;
  show: (message: string, action?: NoticeAction, detail?: string) => void;
  close: () => void;
}

export const useNotice = create<NoticeState>((set) => ({
  message: null,
  action: null,
  detail: null,
  show: (message, action, detail) => set({ message, action: action ?? null, detail: detail ?? null }),
  close: () => set({ message: null, action: null, detail: null }),
}));
