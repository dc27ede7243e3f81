import type { Scrap } from '@/data/scrap';

export interface WarehouseToolsProps {
  shopId: string;
  all: readonly Scrap[];
  filtered: readonly Scrap[];
  complete: boolean;
  canImportCsv: boolean;
  showPriceLists: boolean;
  onChanged: (message: string) => void;
  onError: (message: string) => void;
}

/** CSV import/export and price lists (next commits). */
export function WarehouseTools(_props: WarehouseToolsProps) {
  return null;
}
