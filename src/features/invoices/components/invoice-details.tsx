import { useMemo, useState } from 'react';
import { InvoiceReadError, readIncomingJson, readOutgoingXml, type InvoiceView } from '@/domain/fatturapa/reader';
import { formatEuro } from '@/domain/money';

function formatIsoDate(iso: string | undefined): string {
  return iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : (iso ?? '—');
}

function prettyJson(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function Party({ title, party, extra }: { title: string; party: InvoiceView['seller'] | InvoiceView['buyer']; extra?: string }) {
  const address = party.address;
  return (
    <div className="invoice-party">
      <h4>{title}</h4>
      <p className="invoice-party__name">{party.name || '—'}</p>
      {party.vatId ? <p>P.IVA: {party.vatId.country}{party.vatId.code}</p> : null}
      {party.codiceFiscale ? <p>Codice Fiscale: {party.codiceFiscale}</p> : null}
      {address ? (
        <p>
          {address.street} {address.streetNumber ?? ''}, {address.cap} {address.city} {address.province ? `(${address.province})` : ''} {address.nation}
        </p>
      ) : null}
      {extra ? <p>{extra}</p> : null}
    </div>
  );
}

/** One invoice opened: the readable view (default) or the raw payload (JSON for incoming, XML for outgoing). */
export function InvoiceDetails({ payload, incoming }: { payload: string; incoming: boolean }) {
  const [raw, setRaw] = useState(false);
  const read = useMemo(() => {
    try {
      return { views: incoming ? readIncomingJson(payload) : readOutgoingXml(payload), error: undefined };
    } catch (error) {
      return { views: [], error: error instanceof InvoiceReadError ? error.message : 'Contenuto della fattura non leggibile.' };
    }
  }, [payload, incoming]);

  return (
    <div className="invoice-details">
      <div className="segmented" role="group" aria-label="Vista della fattura">
        <button type="button" className={raw ? 'button' : 'button button--primary'} aria-pressed={!raw} onClick={() => setRaw(false)}>
          Vista leggibile
        </button>
        <button type="button" className={raw ? 'button button--primary' : 'button'} aria-pressed={raw} onClick={() => setRaw(true)}>
          {incoming ? 'JSON originale' : 'XML originale'}
        </button>
      </div>
      {raw ? (
        <pre className="invoice-raw" tabIndex={0} aria-label={incoming ? 'JSON della fattura' : 'XML della fattura'}>
          {incoming ? prettyJson(payload) : payload}
        </pre>
      ) : read.error ? (
        <p className="form-error">{read.error}</p>
      ) : (
        read.views.map((view) => (
          <div key={view.bodyIndex} className="invoice-view" data-testid="invoice-view">
            {view.bodyCount > 1 ? <h4>Documento {view.bodyIndex + 1} di {view.bodyCount}</h4> : null}
            <p>
              <strong>{view.documentType} {view.documentTypeLabel}</strong> n. {view.number} del {formatIsoDate(view.date)}
            </p>
            <div className="invoice-parties">
              <Party title="Cedente / prestatore" party={view.seller} extra={view.seller.regimeFiscale ? `Regime fiscale: ${view.seller.regimeFiscale}` : undefined} />
              <Party title="Cessionario / committente" party={view.buyer} extra={view.buyer.codiceDestinatario ? `Codice destinatario: ${view.buyer.codiceDestinatario}${view.buyer.pec ? ` · PEC ${view.buyer.pec}` : ''}` : undefined} />
            </div>
            {view.payment ? (
              <p>
                Pagamento: {view.payment.methodLabel}
                {view.payment.amount !== undefined ? ` · ${formatEuro(view.payment.amount)}` : ''}
                {view.payment.dueDate ? ` · scadenza ${formatIsoDate(view.payment.dueDate)}` : ''}
                {view.payment.iban ? ` · IBAN ${view.payment.iban}` : ''}
              </p>
            ) : null}
            <div className="table-scroll">
              <table className="data-table data-table--compact">
                <thead>
                  {incoming ? (
                    <tr>
                      <th scope="col">Descrizione</th><th scope="col">Quantità</th><th scope="col">Prezzo unitario</th><th scope="col">Sconto/Magg. %</th><th scope="col">Totale</th><th scope="col">IVA %</th>
                    </tr>
                  ) : (
                    <tr>
                      <th scope="col">Codice</th><th scope="col">Quantità</th><th scope="col">Descrizione</th><th scope="col">Prezzo unitario</th><th scope="col">U.M.</th><th scope="col">Sconto/Magg.</th><th scope="col">IVA %</th><th scope="col">Totale</th>
                    </tr>
                  )}
                </thead>
                <tbody>
                  {view.lines.map((line) =>
                    incoming ? (
                      <tr key={line.number}>
                        <td>{line.description}</td><td>{line.quantity ?? 1}</td><td>{formatEuro(line.unitPrice)}</td><td>{line.adjustmentPercent ?? '—'}</td><td>{formatEuro(line.total)}</td><td>{line.natura ? line.natura : line.vatRate}</td>
                      </tr>
                    ) : (
                      <tr key={line.number}>
                        <td>{line.articleCode ?? line.number}</td><td>{line.quantity ?? 1}</td><td>{line.description}</td><td>{formatEuro(line.unitPrice)}</td><td>{line.unitOfMeasure ?? '—'}</td><td>{line.adjustmentPercent ?? '—'}</td><td>{line.natura ? line.natura : line.vatRate}</td><td>{formatEuro(line.total)}</td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
            <p className="invoice-total">Totale documento: <strong>{formatEuro(view.totalDocument ?? view.total)}</strong></p>
          </div>
        ))
      )}
    </div>
  );
}
