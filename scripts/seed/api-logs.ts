/**
 * ApiLog: SDI notifications for the demo owner's outgoing invoices (document 2 §3, §7). The rejection details
 * come in three shapes: our error list, the provider's notification (lista_errori.Errore, Italian keys), and a
 * body saved as JSON text.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { renderReceiptXml } from '../../src/domain/provider-callbacks/receipt-xml';
import { DEMO_ACCOUNTS as A } from './accounts';
import type { Issued } from './invoice-common';
import { addMinutes, type SeedContext, type SeedDoc } from './random';

export function apiLogDocs({ rng }: SeedContext, issued: Map<string, Issued>): SeedDoc[] {
  const uid = A.owner.uid;
  const docs: SeedDoc[] = [];
  const log = (id: string, inv: Issued | undefined, newMarking: string, body: unknown) => {
    if (!inv) return;
    docs.push({
      collection: COLLECTIONS.apiLog,
      id,
      data: { userId: uid, functionName: 'customer-notification', timestamp: addMinutes(inv.date, 95), details: { invoiceId: inv.uuid, newMarking, body } },
    });
  };
  const a = issued.get('A');
  log('apilog-negozio-scarto-30', a, 'rejected', {
    message: 'Notifica di scarto',
    errors: [
      { code: '00305', description: '1.4.1.1.2 <IdCodice> non valido : la partita IVA del cessionario non risulta attribuita', suggestion: 'Verificare la partita IVA del cliente in anagrafica e correggerla.' },
    ],
  });
  const c = issued.get('C');
  if (c) {
    log('apilog-negozio-scarto-31', c, 'rejected', {
      notification: {
        uuid: rng.uuid(), invoice_uuid: c.uuid, created_at: addMinutes(c.date, 90).toISOString(), type: 'NS', downloaded: false,
        file_name: 'IT08123450150_S00005_NS_001.xml',
        message: {
          identificativo_sdi: rng.digits(10), nome_file: 'IT08123450150_S00005.xml', data_ora_ricezione: addMinutes(c.date, 5).toISOString(),
          lista_errori: { Errore: { Codice: '00423', Descrizione: '2.2.1.11 <PrezzoTotale> non calcolato secondo le regole definite nelle specifiche tecniche', Suggerimento: 'Ricalcolare il prezzo totale della riga come quantità per prezzo unitario, al netto di sconti.' } },
          message_id: rng.digits(9), note: 'Fattura scartata dal Sistema di Interscambio',
        },
      },
    });
  }
  log('apilog-negozio-scarto-33', issued.get('i33'), 'rejected', JSON.stringify({
    message: 'Notifica di scarto',
    errors: [
      { code: '00311', description: '1.1.4 <CodiceDestinatario> non valido', suggestion: 'Controllare il codice destinatario comunicato dal cliente.' },
      { code: '00404', description: 'Fattura duplicata', suggestion: 'Il numero e la data coincidono con una fattura già inviata: usare un nuovo numero.' },
    ],
  }));
  log('apilog-negozio-consegna-29', issued.get('i29'), 'delivered', { message: 'Ricevuta di consegna', errors: [] });
  return [...docs, ...receiptDocs(issued)];
}

/**
 * SdiReceipt: the receipts the webhook would have kept for some of the seeded invoices, with the SDI's XML, so that
 * the invoice's detail and the month package show them on the demo data (an NS with its errors, RCs, an MC).
 */
function receiptDocs(issued: Map<string, Issued>): SeedDoc[] {
  const kept: [key: string, type: string, errors: { code: string; description: string }[]][] = [
    ['i29', 'RC', []],
    ['i33', 'NS', [{ code: '00311', description: '1.1.4 <CodiceDestinatario> non valido' }, { code: '00404', description: 'Fattura duplicata' }]],
    ['i35', 'MC', []],
    ['i41', 'RC', []],
    ['D', 'RC', []],
  ];
  // Fixed ids and numbers, no draw from the seed's random sequence: every other seeded figure stays as it was.
  return kept.flatMap(([key, type, errors], n) => {
    const inv = issued.get(key);
    if (!inv) return [];
    const uuid = `rcpt-negozio-${key.toLowerCase()}-${type.toLowerCase()}`;
    const createdAt = addMinutes(inv.date, 90);
    const fileName = `IT10442360961_${key.toUpperCase().padStart(5, '0')}.xml`;
    const xml = renderReceiptXml({ type, sdiFileId: String(7_300_000_000 + n * 37), fileName, receivedAt: createdAt.toISOString(), errors, messageId: String(910_000_000 + n) });
    return [{
      collection: COLLECTIONS.sdiReceipt,
      id: uuid,
      data: {
        notificationUuid: uuid, userId: A.owner.uid, invoiceId: inv.uuid, type, createdAt, receivedAt: createdAt, errors, fileName: fileName.replace(/\.xml$/, `_${type}_001.xml`),
        xml: new TextEncoder().encode(xml), xmlAttempts: 1, xmlPending: false,
      },
    }];
  });
}
