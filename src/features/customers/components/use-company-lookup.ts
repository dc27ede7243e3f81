import { useRef, useState } from 'react';
import { companyApi, lookupFailureMessage, type CompanyData } from '@/lib/company-api';

export type LookupState =
  | { status: 'idle' }
  | { status: 'searching'; slow: boolean }
  | { status: 'done'; message: string; ok: boolean };

/**
 * The company lookup inside the customer form: one search at a time, cancellable, the slow path announced.
 * `shopId`: the shop the customer belongs to (the provider proxy checks the caller's rights on it).
 */
export function useCompanyLookup(shopId: string, onFound: (company: CompanyData) => string) {
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function search(vat: string): Promise<void> {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'searching', slow: false });
    const result = await companyApi(shopId).lookup(vat, { signal: current.signal, onPending: () => setState({ status: 'searching', slow: true }) });
    if (controller.current !== current) return;
    controller.current = null;
    if (result.kind === 'found') setState({ status: 'done', ok: true, message: onFound(result.company) });
    else if (current.signal.aborted) setState({ status: 'idle' });
    else setState({ status: 'done', ok: false, message: lookupFailureMessage(result) });
  }

  function cancel(): void {
    controller.current?.abort();
  }

  return { state, search, cancel };
}
