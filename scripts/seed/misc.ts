/**
 * Tickets, announcements, activity logs (UserLog), API call logs (Log) and device ping tasks
 * (document 1 §3 and §9, document 3 §3 and §4).
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A } from './accounts';
import { invoiceNumber } from './invoice-common';
import { shopCatalog } from './products';
import { addDays, addMinutes, daysAgoAt, type SeedContext, type SeedDoc } from './random';

const doc = (collection: string, id: string, data: Record<string, unknown>): SeedDoc => ({ collection, id, data });

function tickets({ now }: SeedContext): SeedDoc[] {
  const T = COLLECTIONS.ticket;
  const change = (userId: string, userLabel: string, at: Date, from: string, to: string) => ({ userId, userLabel, timestamp: at, changes: { status: { from, to } } });
  return [
    doc(T, 'ticket-001', { createdAt: daysAgoAt(now, 1, 9, 40), userId: A.owner.uid, categorie: 'fatture', type: 'assistenza base', description: 'La fattura 33 è stata scartata dallo SDI con codice 00311: come correggo il codice destinatario?', read: false, status: 'in corso', taken: [] }),
    doc(T, 'ticket-002', { createdAt: daysAgoAt(now, 3, 15, 5), userId: A.owner.uid, categorie: 'cassa', type: 'tecnico', description: 'La stampante fiscale non stampa lo scontrino dopo il pagamento con bancomat.', read: true, status: 'in corso', taken: [A.tech.uid], logs: [{ userId: A.assist.uid, userLabel: A.assist.email, timestamp: daysAgoAt(now, 2, 10, 0), changes: { type: { from: 'assistenza base', to: 'tecnico' } } }] }),
    doc(T, 'ticket-003', { createdAt: daysAgoAt(now, 20, 11, 30), userId: A.owner.uid, categorie: 'magazzino', type: 'assistenza base', description: "Dopo l'importazione CSV alcuni prodotti risultano duplicati.", read: false, status: 'completato', taken: [A.assist.uid], lastModified: daysAgoAt(now, 18, 16, 0), logs: [change(A.assist.uid, A.assist.email, daysAgoAt(now, 18, 16, 0), 'in corso', 'completato')] }),
    doc(T, 'ticket-004', { createdAt: daysAgoAt(now, 8, 10, 10), userId: A.fewPacks.uid, categorie: 'impostazioni', type: 'assistenza base', description: 'Vorrei attivare la fatturazione elettronica: quale pacchetto serve?', read: false, status: 'in corso', taken: [] }),
    doc(T, 'ticket-005', { createdAt: daysAgoAt(now, 12, 17, 45), userId: A.roles.uid, categorie: 'analisi', type: 'developer', description: 'Le statistiche per categoria non mostrano i prodotti venduti a peso.', read: true, status: 'annullato', taken: [A.assist.uid, A.admin.uid], lastModified: daysAgoAt(now, 10, 9, 0), logs: [change(A.admin.uid, A.admin.email, daysAgoAt(now, 10, 9, 0), 'in corso', 'annullato')] }),
    doc(T, 'ticket-006', { createdAt: daysAgoAt(now, 40, 9, 0), userId: A.expired.uid, categorie: 'clienti', type: 'assistenza base', description: 'Non riesco ad accedere al gestionale, dice che il pacchetto non è incluso.', read: true, status: 'completato', taken: [A.assist.uid], lastModified: daysAgoAt(now, 39, 12, 0) }),
    doc(T, 'ticket-007', { createdAt: daysAgoAt(now, 5, 14, 20), userId: A.roles.uid, categorie: 'cassa', type: 'tecnico', description: 'Il cassetto Cashmatic segnala un errore di resto non erogato.', read: false, status: 'in corso', taken: [A.tech.uid] }),
    // Imported from the old JSON file: text date, default category and status (document 3 §5).
    doc(T, 'ticket-import-001', { createdAt: addDays(now, -150).toISOString(), userId: A.owner.uid, categorie: 'altro', type: 'assistenza base', description: 'Richiesta di formazione sulla chiusura cassa.', read: false, status: 'completato', taken: [A.assist.uid] }),
  ];
}

function announcements({ now }: SeedContext): SeedDoc[] {
  const N = COLLECTIONS.announcement;
  return [
    doc(N, 'announcement-expired', { description: 'Manutenzione programmata dei server completata: grazie per la pazienza.', createdAt: addDays(now, -60), expiresAt: addDays(now, -30), expired: true }),
    doc(N, 'announcement-past-unflagged', { description: "È disponibile la versione 3.5 dell'app di cassa: aggiornala dall'App Store.", createdAt: addDays(now, -10), expiresAt: addDays(now, -1), expired: false }),
    doc(N, 'announcement-current', { description: 'Dal prossimo mese le fatture verso la Pubblica Amministrazione richiedono il codice CIG quando previsto.', createdAt: addDays(now, -2), expiresAt: addDays(now, 30), expired: false }),
    doc(N, 'announcement-no-expiry', { description: "Nuovo servizio: l'assistenza è raggiungibile anche dalla pagina Ticket.", createdAt: addDays(now, -20), expired: false }),
  ];
}

function userLogs(ctx: SeedContext): SeedDoc[] {
  const { now, rng } = ctx;
  const U = COLLECTIONS.userLog;
  const meta = (url: string) => ({
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    sessionId: `sess-${rng.hex(16)}`, url: `https://backoffice.example.it${url}`, deviceType: 'desktop', os: 'macOS', fingerprint: rng.hex(12), dedupeWindow: 8000,
  });
  const items = shopCatalog('owner');
  const p = (i: number) => items[i % items.length] ?? items[0];
  const owner = A.owner.uid;
  const docs: SeedDoc[] = [];
  const add = (userId: string, days: number, action: string, module: string, details: Record<string, unknown>, url: string, extra: Record<string, unknown> = {}) =>
    docs.push(doc(U, `userlog-${String(docs.length + 1).padStart(3, '0')}`, { userId, timestamp: addMinutes(daysAgoAt(now, days, 9, 0), docs.length * 13), action, module, details, metadata: meta(url), ...extra }));
  add(owner, 30, 'cookie_consent_accept', 'privacy', { analytics: true, functional: true }, '/login');
  for (let d = 28; d >= 0; d -= 4) add(owner, d, 'login_success', 'auth', { email: A.owner.email }, '/login');
  add(owner, 25, 'product_add', 'warehouse', { productId: p(3)?.id, name: p(3)?.name, barcode: p(3)?.barcode, code: p(3)?.code, price: p(3)?.price, iva: p(3)?.vat }, '/warehouse');
  add(owner, 22, 'product_update', 'warehouse', { scrapId: p(9)?.id, name: p(9)?.name, before: { price: '12,00' }, after: { price: '12.50' }, changes: ['price'] }, '/warehouse');
  add(owner, 21, 'product_delete', 'warehouse', { scrapId: 'scrap-negozio-099', name: 'Panettone 2024 (fine serie)' }, '/warehouse');
  add(owner, 19, 'csv_import', 'warehouse', {
    fileName: 'listino-gennaio.csv', recordCount: 3, productCount: 3, operationsTotal: 3, operationsCapped: false,
    operations: [0, 1, 2].map((i) => ({ action: 'price_update', code: p(i)?.code, barcode: p(i)?.barcode, name: p(i)?.name, before: String(p(i)?.price), after: String(((p(i)?.price ?? 0) + 0.3).toFixed(2)) })),
  }, '/warehouse');
  add(owner, 16, 'warehouse_import', 'warehouse', { invoiceNumber: '412/26', productCount: 4, recordCount: 4 }, '/invoices');
  add(owner, 14, 'file_upload', 'general', { fileName: 'logo-bottega.png' }, '/settings');
  add(owner, 3, 'invoice_sent', 'invoices', { invoiceNumber: invoiceNumber('owner', addDays(now, -3).getFullYear(), 37), items: 3 }, '/invoices');
  add(owner, 1, 'csv_price_update', 'product', { fileNames: ['prezzi-vini.csv'], operationsTotal: 2, operations: [18, 19].map((i) => ({ action: 'price_update', code: p(i)?.code, barcode: p(i)?.barcode, name: p(i)?.name, before: String(p(i)?.price), after: String(((p(i)?.price ?? 0) + 1).toFixed(2)) })) }, '/warehouse');
  add(owner, 2, 'shop_update', 'shop', { before: { phone: '02 3456 7800' }, after: { phone: '02 3456 7812' } }, `/shop-details/${owner}`, { message: 'Aggiornati i dettagli del negozio' });
  add(A.tech.uid, 2, 'device_ping_result', 'shop', { shopId: owner, success: true, latencyMs: 12 }, `/shop-details/${owner}`);
  // The technician's recent activity (the developer dashboard's Tecnici tab shows it).
  add(A.tech.uid, 1, 'shop_access', 'shop', { shopId: owner, shopName: A.owner.shopName }, `/shop-details/${owner}`);
  add(A.tech.uid, 1, 'shop_tab_change', 'shop', { shopId: owner, tab: 'hardware' }, `/shop-details/${owner}`);
  add(A.tech.uid, 0, 'shop_access', 'shop', { shopId: A.fewPacks.uid, shopName: A.fewPacks.shopName }, `/shop-details/${A.fewPacks.uid}`);
  add(A.admin.uid, 7, 'subscription_approved', 'shop', { shopId: A.roles.uid, subscriptionId: 'sub-ruoli' }, '/developer');
  const giulia = { employeeId: 'emp-ruoli-giulia', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' };
  const marco = { employeeId: 'emp-ruoli-marco', employeeName: 'Marco Bianchi', employeeRole: 'Magazziniere' };
  add(A.roles.uid, 6, 'login_success', 'auth', { email: A.roles.email }, '/login');
  add(A.roles.uid, 6, 'employee_login', 'auth', { name: giulia.employeeName }, '/select-employee', { employee: giulia });
  add(A.roles.uid, 5, 'employee_login', 'auth', { name: marco.employeeName }, '/select-employee', { employee: marco });
  add(A.roles.uid, 5, 'product_update', 'warehouse', { name: 'Salame Milano 150g', before: { quantity: '4' }, after: { quantity: '16' } }, '/warehouse', { employee: marco });
  return docs;
}

function apiCallLogs({ now }: SeedContext): SeedDoc[] {
  const L = COLLECTIONS.apiCallLog;
  const rows: [number, string, string, string, number, boolean, string][] = [
    [40, 'configureOpenApi', 'POST', '/business_registry_configurations', 200, true, 'Registro aziendale configurato'],
    [40, 'configureOpenApi', 'POST', '/api_configurations', 200, true, 'Callback supplier-invoice e customer-notification registrate'],
    [20, 'sendInvoice', 'POST', '/invoices', 200, true, 'Fattura accodata per lo SDI'],
    [18, 'companyLookup', 'GET', '/IT-aml/09456120150', 200, true, 'Dati azienda trovati'],
    [15, 'sendInvoice', 'POST', '/invoices', 422, false, 'Validation error: CodiceDestinatario'],
    [12, 'companyLookup', 'GET', '/IT-aml/12345678901', 302, true, 'Richiesta in elaborazione: riprovare'],
    [9, 'sendInvoice', 'POST', '/invoices', 500, false, 'Errore interno del fornitore'],
    [3, 'sendInvoice', 'POST', '/invoices', 200, true, 'Fattura accodata per lo SDI'],
    [1, 'pendingShops', 'GET', '/pendingShops', 200, true, '3 negozi in attesa'],
  ];
  return rows.map(([days, functionName, method, path, status, success, message], i) =>
    doc(L, `log-negozio-${String(i + 1).padStart(3, '0')}`, { shopUserId: A.owner.uid, timestamp: daysAgoAt(now, days, 10, i), functionName, method, path, status, success, message }),
  );
}

function deviceTasks({ now }: SeedContext): SeedDoc[] {
  const D = COLLECTIONS.deviceTask;
  const base = { userId: A.owner.uid, techId: A.tech.uid, deviceId: 'A1B2C3D4-4F1C-9A7E-2B8D5E6F7A10', action: 'ping' };
  return [
    doc(D, 'task-ping-ok', { ...base, ip: '192.168.1.50', port: 80, fulfilled: true, createdAt: addMinutes(now, -120), result: { success: true, latencyMs: 12 }, respondedAt: addMinutes(now, -120) }),
    doc(D, 'task-ping-error', { ...base, ip: '192.168.1.70', port: 50301, fulfilled: true, createdAt: addMinutes(now, -100), result: { success: false, error: 'Host non raggiungibile' }, respondedAt: addMinutes(now, -100) }),
    doc(D, 'task-ping-pending', { ...base, ip: '192.168.1.60', port: '10000', fulfilled: false, createdAt: addMinutes(now, -30) }),
  ];
}

/** Two provider deliveries the webhook could not place, for the admin's 'Consegne non assegnate'. */
function quarantinedDeliveries({ now }: SeedContext): SeedDoc[] {
  const Q = COLLECTIONS.providerQuarantine;
  // A real callback (the provider's JSON mapping), so an admin can try 'Assegna al negozio' on the demo.
  const party = (vat: string, name: string) => ({ dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: vat }, anagrafica: { denominazione: name } }, sede: { indirizzo: 'Via Torino 5', cap: '20123', comune: 'Milano', provincia: 'MI', nazione: 'IT' } });
  const payload = {
    fattura_elettronica_header: {
      dati_trasmissione: { codice_destinatario: 'JKKZDGR', formato_trasmissione: 'FPR12' },
      cedente_prestatore: { ...party('04821730159', 'Grossista Nord S.p.A.'), dati_anagrafici: { ...party('04821730159', 'Grossista Nord S.p.A.').dati_anagrafici, regime_fiscale: 'RF01' } },
      cessionario_committente: party('07777777770', 'Destinatario sconosciuto'),
    },
    fattura_elettronica_body: [{
      dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', divisa: 'EUR', data: '2026-11-20', numero: 'GN-2026-418', importo_totale_documento: '61.00' } },
      dati_beni_servizi: {
        dettaglio_linee: [{ numero_linea: '1', descrizione: 'Scaffale metallico', quantita: '1.00', prezzo_unitario: '50.00', prezzo_totale: '50.00', aliquota_iva: '22.00' }],
        dati_riepilogo: [{ aliquota_iva: '22.00', imponibile_importo: '50.00', imposta: '11.00', esigibilita_iva: 'I' }],
      },
    }],
  };
  const supplier = { event: 'supplier-invoice', data: { invoice: { uuid: 'demo-q-fornitore-1', created_at: addMinutes(now, -180).toISOString(), filename: 'IT04821730159_q0001.xml', payload } } };
  const notice = { event: 'customer-notification', uuid: 'demo-q-notifica-1', data: { invoice_uuid: 'fattura-sconosciuta-1', notification: { type: 'RC' } } };
  return [
    doc(Q, 'supplier-invoice_demo-q-fornitore-1', { reason: 'unknown-recipient', event: supplier.event, uuid: 'demo-q-fornitore-1', recipientIds: ['07777777770'], candidates: [], body: JSON.stringify(supplier), receivedAt: addMinutes(now, -180) }),
    doc(Q, 'customer-notification_demo-q-notifica-1', { reason: 'unknown-invoice', event: notice.event, uuid: notice.uuid, invoiceUuid: 'fattura-sconosciuta-1', type: 'RC', body: JSON.stringify(notice), receivedAt: addMinutes(now, -60) }),
  ];
}

export function miscDocs(ctx: SeedContext): SeedDoc[] {
  return [...tickets(ctx), ...announcements(ctx), ...userLogs(ctx), ...apiCallLogs(ctx), ...deviceTasks(ctx), ...quarantinedDeliveries(ctx)];
}
