import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { readIncomingJson, readOutgoingXml } from '@/domain/fatturapa/reader';

type Pdf = { status: 'loading' } | { status: 'ready'; url: string; fileName: string; attached: boolean } | { status: 'error'; message: string };

/**
 * PDF preview (document 2 §2.2): the supplier's attached PDF when the invoice carries one, otherwise the PDF the
 * engine draws from the payload. jspdf arrives with the first preview.
 */
export function PdfPreviewModal({ payload, incoming, onClose }: { payload: string | undefined; incoming: boolean; onClose: () => void }) {
  const [pdf, setPdf] = useState<Pdf>({ status: 'loading' });
  useEffect(() => {
    if (payload === undefined) return;
    let url: string | undefined;
    let live = true;
    void (async () => {
      try {
        const view = (incoming ? readIncomingJson(payload) : readOutgoingXml(payload))[0];
        if (!view) throw new Error('Fattura senza contenuto.');
        const { attachedPdf, invoicePdfFileName, renderInvoicePdfBytes } = await import('@/domain/fatturapa/pdf');
        const attached = incoming ? attachedPdf(view) : undefined;
        const bytes = attached?.bytes ?? renderInvoicePdfBytes(view);
        url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }));
        if (live) setPdf({ status: 'ready', url, fileName: attached?.name ?? invoicePdfFileName(view), attached: attached !== undefined });
      } catch (error) {
        if (live) setPdf({ status: 'error', message: error instanceof Error ? error.message : 'PDF non disponibile.' });
      }
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setPdf({ status: 'loading' });
    };
  }, [payload, incoming]);

  return (
    <Modal
      open={payload !== undefined}
      title="Anteprima PDF"
      onClose={onClose}
      size="wide"
      footer={
        <>
          {pdf.status === 'ready' ? (
            <>
              <a className="button" href={pdf.url} download={pdf.fileName}>Scarica PDF</a>
              <a className="button" href={pdf.url} target="_blank" rel="noopener noreferrer">Apri in nuova scheda</a>
            </>
          ) : null}
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>Chiudi</button>
        </>
      }
    >
      {pdf.status === 'loading' ? <p className="muted">Preparazione del PDF…</p> : null}
      {pdf.status === 'error' ? <p className="form-error">{pdf.message}</p> : null}
      {pdf.status === 'ready' ? (
        <>
          <p className="muted">{pdf.attached ? 'PDF allegato dal fornitore.' : 'PDF generato dai dati della fattura.'} {pdf.fileName}</p>
          <iframe className="pdf-frame" src={pdf.url} title={`Anteprima ${pdf.fileName}`} />
        </>
      ) : null}
    </Modal>
  );
}
