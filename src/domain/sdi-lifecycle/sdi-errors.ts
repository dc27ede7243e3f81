/**
 * Each SDI rejection code (the Codice of an NS's Errore), in the shop's words, with the screen that fixes it. The
 * codes and what they check are those of the SDI's technical specifications (shared/fatturapa/SDI-CHECKS.md); the
 * texts say what is wrong in terms of customer, shop and invoice, not of XML fields.
 *
 * Where the fix lies follows what the app writes: the shop's own data is also the transmitter's (IdTrasmittente),
 * the file name comes from the invoice number, and the file's format and signature are the app's and the
 * provider's, so the shop cannot fix those and is sent to support.
 */

export type FixPlace = 'customer' | 'shop-fiscal' | 'invoice-lines' | 'invoice-data' | 'resend' | 'support';

export interface ErrorAdvice {
  code: string;
  /** What is wrong, in Italian, in the shop's terms. */
  explanation: string;
  fix: FixPlace;
  /** The Italian label of the button that leads to the fix. */
  action: string;
}

export const FIX_ACTIONS: Readonly<Record<FixPlace, string>> = {
  customer: 'Correggi i dati del cliente',
  'shop-fiscal': 'Correggi i dati fiscali del negozio',
  'invoice-lines': 'Correggi le righe della fattura',
  'invoice-data': 'Correggi e reinvia',
  resend: 'Correggi e reinvia',
  support: 'Contatta il supporto',
};

const ADVICE: Readonly<Record<string, readonly [FixPlace, string]>> = {
  // The file
  '00001': ['support', 'Il nome del file della fattura non è valido per lo SDI.'],
  '00002': ['support', 'Lo SDI ha già ricevuto un file con lo stesso nome.'],
  '00003': ['invoice-data', 'Il file della fattura supera i 5 MB ammessi dallo SDI: togli o riduci gli allegati.'],
  '00100': ['support', 'Il certificato con cui è firmato il file è scaduto.'],
  '00102': ['support', 'Il file è arrivato allo SDI danneggiato o con una firma non valida.'],
  '00104': ['support', 'Il certificato con cui è firmato il file non viene da un’autorità di certificazione riconosciuta.'],
  '00200': ['support', 'Il file della fattura non rispetta il formato FatturaPA.'],
  '00201': ['support', 'Il file della fattura ha più di 50 errori di formato.'],
  '00428': ['support', 'Il formato di trasmissione indicato nel file non corrisponde alla versione della fattura.'],
  '00409': ['support', 'Nello stesso file ci sono due fatture con lo stesso numero nello stesso anno.'],
  // Tax register and recipient
  '00300': ['shop-fiscal', 'La partita IVA del negozio, che trasmette la fattura, non risulta all’Anagrafe Tributaria.'],
  '00301': ['shop-fiscal', 'La partita IVA del negozio non risulta all’Anagrafe Tributaria.'],
  '00302': ['shop-fiscal', 'Il codice fiscale del negozio non risulta all’Anagrafe Tributaria.'],
  '00303': ['support', 'La partita IVA del rappresentante fiscale o dell’intermediario non risulta all’Anagrafe Tributaria.'],
  '00304': ['support', 'Il codice fiscale del rappresentante fiscale o dell’intermediario non risulta all’Anagrafe Tributaria.'],
  '00305': ['customer', 'La partita IVA del cliente non risulta all’Anagrafe Tributaria.'],
  '00306': ['customer', 'Il codice fiscale del cliente non risulta all’Anagrafe Tributaria.'],
  '00311': ['customer', 'Il codice destinatario del cliente non esiste.'],
  '00312': ['customer', 'Il codice destinatario del cliente non è attivo.'],
  '00313': ['customer', 'Il codice destinatario XXXXXXX vale solo per un cliente estero con partita IVA straniera.'],
  '00417': ['customer', 'Il cliente non ha né partita IVA né codice fiscale: per un privato serve il codice fiscale.'],
  '00426': ['customer', 'Il cliente ha sia un codice destinatario sia una PEC: con il codice destinatario la PEC va tolta.'],
  '00427': ['customer', 'Il codice destinatario del cliente ha una lunghezza sbagliata: 6 caratteri per la pubblica amministrazione, 7 per gli altri.'],
  '00471': ['customer', 'Per questo tipo di documento il cliente deve essere diverso dal negozio, ma ha la sua stessa partita IVA.'],
  '00475': ['customer', 'Per questo tipo di documento serve la partita IVA del cliente.'],
  '00476': ['shop-fiscal', 'Negozio e cliente risultano entrambi esteri: il paese della partita IVA del negozio deve essere IT.'],
  // Number, dates and document type
  '00403': ['invoice-data', 'La data della fattura è successiva al giorno dell’invio: una fattura non può avere una data futura.'],
  '00404': ['invoice-data', 'Il numero della fattura è già stato usato quest’anno per un’altra fattura inviata allo SDI: serve un numero nuovo.'],
  '00418': ['invoice-data', 'La data del documento è precedente a quella della fattura collegata: una nota di credito non può essere datata prima della fattura che corregge.'],
  '00425': ['invoice-data', 'Il numero della fattura non contiene nessuna cifra.'],
  '00472': ['invoice-data', 'Per questo tipo di documento (autofattura) negozio e cliente devono coincidere.'],
  '00473': ['invoice-data', 'Questo tipo di documento, per gli acquisti dall’estero, non è ammesso con un venditore italiano.'],
  // Withholding, pension fund, document discounts, VAT collectability
  '00411': ['invoice-data', 'Una riga è soggetta a ritenuta, ma la fattura non riporta i dati della ritenuta.'],
  '00413': ['invoice-data', 'Il contributo della cassa previdenziale ha IVA allo 0% ma non indica la natura dell’operazione.'],
  '00414': ['invoice-data', 'Il contributo della cassa previdenziale ha un’aliquota IVA diversa da 0% e indica una natura, che va tolta.'],
  '00415': ['invoice-data', 'Il contributo della cassa previdenziale è soggetto a ritenuta, ma la fattura non riporta i dati della ritenuta.'],
  '00420': ['invoice-data', 'La fattura unisce l’inversione contabile (natura N6) e la scissione dei pagamenti, che non possono stare insieme.'],
  '00437': ['invoice-data', 'Uno sconto o una maggiorazione sul totale della fattura non indica né la percentuale né l’importo.'],
  // Lines, rates and totals
  '00400': ['invoice-lines', 'Una riga con IVA allo 0% non indica la natura dell’operazione (per esempio N2.2 o N4).'],
  '00401': ['invoice-lines', 'Una riga con aliquota IVA diversa da 0% indica una natura, che va tolta.'],
  '00419': ['invoice-lines', 'Manca il riepilogo IVA di un’aliquota usata nelle righe.'],
  '00421': ['invoice-lines', 'L’imposta di un riepilogo IVA non è l’imponibile per l’aliquota, arrotondata al centesimo.'],
  '00422': ['invoice-lines', 'L’imponibile di un riepilogo IVA non è la somma delle righe con quell’aliquota.'],
  '00423': ['invoice-lines', 'Il prezzo totale di una riga non è il prezzo unitario, scontato, per la quantità.'],
  '00424': ['invoice-lines', 'Un’aliquota IVA non è scritta in percentuale (per esempio 0.22 invece di 22).'],
  '00429': ['invoice-lines', 'Un riepilogo IVA allo 0% non indica la natura dell’operazione.'],
  '00430': ['invoice-lines', 'Un riepilogo IVA con aliquota diversa da 0% indica una natura, che va tolta.'],
  '00438': ['invoice-lines', 'Uno sconto o una maggiorazione su una riga non indica né la percentuale né l’importo.'],
  '00443': ['invoice-lines', 'Le aliquote IVA delle righe non corrispondono a quelle dei riepiloghi IVA.'],
  '00444': ['invoice-lines', 'Le nature IVA delle righe non corrispondono a quelle dei riepiloghi IVA.'],
  '00445': ['invoice-lines', 'Una riga usa una natura generica (N2, N3 o N6), non più ammessa: scegli quella di dettaglio, per esempio N2.2 o N6.1.'],
  '00448': ['invoice-lines', 'Un’operazione con l’estero usa una natura generica (N2, N3 o N6), non più ammessa: scegli quella di dettaglio.'],
  '00474': ['invoice-lines', 'Un’autofattura per splafonamento (TD21) non può avere righe con IVA allo 0%.'],
};

export const KNOWN_SDI_CODES: readonly string[] = Object.keys(ADVICE).sort();

const UNKNOWN_EXPLANATION = 'Lo SDI ha scartato la fattura per un motivo che l’app non sa spiegare: leggi il suo messaggio qui sotto.';

/** Codes arrive as text, sometimes without their leading zeros ('305' is 00305). */
function normalizeCode(code: string): string {
  const trimmed = code.trim();
  return /^\d{1,5}$/.test(trimmed) ? trimmed.padStart(5, '0') : trimmed;
}

/** What an SDI code means for the shop and where it is fixed; an unknown code sends the shop to support. */
export function adviceFor(code: string): ErrorAdvice {
  const normalized = normalizeCode(code);
  const known = Object.prototype.hasOwnProperty.call(ADVICE, normalized) ? ADVICE[normalized] : undefined;
  const [fix, explanation] = known ?? (['support', UNKNOWN_EXPLANATION] as const);
  return { code: known ? normalized : code.trim(), explanation, fix, action: FIX_ACTIONS[fix] };
}
