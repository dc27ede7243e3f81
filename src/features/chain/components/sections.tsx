/** The chain dashboard's sections, one per tab (ChainSectionId): which component draws which. */
import type { ChainSectionId } from '@/domain/chain/chain';
import { MembersSection } from './members-section';
import { CompareSection, RecentSection, StatsSection } from './sales-sections';
import type { ChainContext } from './section-kit';
import { LowStockSection, WarehouseSection } from './stock-sections';

export type { ChainContext };

export function ChainSection({ id, context }: { id: ChainSectionId; context: ChainContext }) {
  switch (id) {
    case 'stats':
      return <StatsSection context={context} />;
    case 'low-stock':
      return <LowStockSection context={context} />;
    case 'warehouse':
      return <WarehouseSection context={context} />;
    case 'recent':
      return <RecentSection context={context} />;
    case 'compare':
      return <CompareSection context={context} />;
    case 'members':
      return <MembersSection context={context} />;
  }
}
