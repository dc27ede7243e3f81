import type { Shop } from '@/data/shop';

export interface TabProps {
  shop: Shop;
  /** Only the owner changes the settings (accountants read them). */
  canEdit: boolean;
}
