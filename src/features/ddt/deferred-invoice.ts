import type { Ddt } from '@/data/ddt';
import { DdtActionError } from './api';

/** TODO(issue 13): TD24 deferred invoice from confirmed DDTs, through the FatturaPA engine. */
export function createDeferredInvoice(_shopId: string, _ddts: readonly Ddt[]): Promise<{ invoiceId: string; message: string }> {
  return Promise.reject(new DdtActionError('La fattura differita non è ancora disponibile.'));
}
