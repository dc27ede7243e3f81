import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import type { WarehouseImportModalProps } from './warehouse-import-modal';

// The import form (product matching, prices, stock) loads when an invoice is chosen, not with the list that offers it.
const WarehouseImportModal = lazyPart(() => import('./warehouse-import-modal').then((m) => ({ default: m.WarehouseImportModal })));

/** The warehouse import modal, its code loaded on the first opening (/invoices 'In Entrata', /warehouse 'Carica da fattura'). */
export function WarehouseImportOnDemand(props: WarehouseImportModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <WarehouseImportModal {...props} />
    </Suspense>
  );
}
