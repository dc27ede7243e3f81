import { useEffect, useState } from 'react';
import type { Sale } from '@/data/sale';
import { italianError } from '@/lib/firebase-errors';
import { invoiceNumberOfXml } from '@/domain/fatturapa/renumber';
import type { DraftXml } from '../send/draft-xml';
import { InvoiceDetails } from './invoice-details';

type Preview = { status: 'loading' } | { status: 'ready'; built: DraftXml } | { status: 'error'; message: string };

/** A preview is shown only for the draft it was built from: an edit makes it 'loading' again until rebuilt. */
type KeyedPreview = { of: Sale; preview: Preview } | undefined;

export const PREVIEW_TEXTS = {
  loading: "Preparazione dell'anteprima…",
  provisional: (number: string) => `Anteprima di ciò che verrà inviato. Il numero ${number} è provvisorio: viene fissato all'invio.`,
  asSent: 'Anteprima di ciò che verrà inviato allo SDI.',
  problems: 'La bozza non può ancora essere inviata:',
  failed: (reason: string) => `Anteprima non disponibile: ${reason}`,
} as const;

/**
 * A draft opened before the send: the e-invoice 'Invia' would build now (its own payload with the current seller, or
 * one generated from its lines and buyer), so an edited, merged or receipt-based draft is read before it goes.
 * Built again whenever the draft changes.
 */
export function DraftPreview({ draft, load }: { draft: Sale; load: (draft: Sale) => Promise<DraftXml> }) {
  const [kept, setKept] = useState<KeyedPreview>();
  const preview: Preview = kept?.of === draft ? kept.preview : { status: 'loading' };
  useEffect(() => {
    let live = true;
    load(draft).then(
      (built) => live && setKept({ of: draft, preview: { status: 'ready', built } }),
      (error: unknown) => live && setKept({ of: draft, preview: { status: 'error', message: italianError(error) } }),
    );
    return () => {
      live = false;
    };
  }, [draft, load]);

  if (preview.status === 'loading') return <p className="muted" role="status">{PREVIEW_TEXTS.loading}</p>;
  if (preview.status === 'error') return <p className="form-error" role="alert">{PREVIEW_TEXTS.failed(preview.message)}</p>;
  const built = preview.built;
  if (built.kind === 'problems') {
    return (
      <div className="send-panel" role="alert" data-testid="draft-preview-problems">
        <p>{PREVIEW_TEXTS.problems}</p>
        <ul>{built.problems.map((p) => <li key={`${p.path}:${p.message}`}>{p.message}</li>)}</ul>
      </div>
    );
  }
  const number = invoiceNumberOfXml(built.xml) ?? '';
  return (
    <div data-testid="draft-preview">
      <p className="muted">{(draft.invoiceNumber ?? '').trim() === '' && number !== '' ? PREVIEW_TEXTS.provisional(number) : PREVIEW_TEXTS.asSent}</p>
      <InvoiceDetails payload={built.xml} incoming={false} />
    </div>
  );
}
