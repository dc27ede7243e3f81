import { Link } from 'react-router-dom';
import { CONSENT_DAYS, CONSENT_STORAGE_KEY, CONSENT_VERSION, consentState } from './consent';
import { useConsentStore } from './consent-store';
import { LegalPage } from './legal-page';

/**
 * Cookie policy (document 1 §2 'Cookie banner'). Every item in the table is something the app really writes in
 * the browser; the e2e test checks that each storage key found after login is listed here. When a feature adds
 * a key (e.g. the activity-log retry queue), it must be added to this table.
 */
function yesNo(value: boolean): string {
  return value ? 'accettati' : 'rifiutati';
}

function CurrentChoice() {
  const record = useConsentStore((s) => s.record);
  const openPreferences = useConsentStore((s) => s.openPreferences);
  const state = consentState(record);
  return (
    <section aria-labelledby="cookie-choice">
      <h2 id="cookie-choice">La tua scelta</h2>
      {record ? (
        <p data-testid="cookie-current-choice">
          Necessari: sempre attivi. Analitici: {yesNo(state.analytics)}. Funzionali: {yesNo(state.functional)}. Scelta del{' '}
          {new Date(record.decidedAt).toLocaleDateString('it-IT')}, valida fino al {new Date(record.expiresAt).toLocaleDateString('it-IT')}.
        </p>
      ) : (
        <p data-testid="cookie-current-choice">Non hai ancora espresso una scelta: finché non lo fai restano attivi solo i cookie necessari.</p>
      )}
      <p>
        <button type="button" className="button button--primary" onClick={openPreferences}>
          Preferenze cookie
        </button>
      </p>
      <p className="muted">Puoi cambiare idea in qualsiasi momento: la nuova scelta vale da subito e sostituisce la precedente.</p>
    </section>
  );
}

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie policy"
      intro={
        <p>
          Questa pagina spiega quali informazioni il Back Office salva nel tuo browser, perché, e per quanto tempo. Il Back
          Office non imposta cookie HTTP propri: usa la memoria locale del browser (localStorage, sessionStorage e IndexedDB),
          che la normativa (art. 122 del Codice privacy e linee guida del Garante del 10 giugno 2021) tratta come i cookie.
          Non usiamo cookie di profilazione né pubblicità. Versione dell’informativa: {CONSENT_VERSION}.
        </p>
      }
    >
      <CurrentChoice />

      <section aria-labelledby="cookie-necessary">
        <h2 id="cookie-necessary">Strumenti necessari (sempre attivi)</h2>
        <p>Servono a farti accedere e a far funzionare l’applicazione; per questo non richiedono il consenso.</p>
        <div className="legal-table-wrap">
          <table className="legal-table">
            <caption className="legal-table__caption">Dati salvati nel browser dagli strumenti necessari</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Dove</th>
                <th scope="col">Cosa contiene e a cosa serve</th>
                <th scope="col">Durata</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <code>{CONSENT_STORAGE_KEY}</code>
                </td>
                <td>localStorage</td>
                <td>
                  La tua scelta sui cookie: versione dell’informativa, categorie accettate (necessari, analitici, funzionali), data
                  della scelta e della scadenza, e se la scelta è già stata annotata nel registro attività. Nessun dato personale.
                </td>
                <td>{CONSENT_DAYS} giorni, poi ti chiediamo di nuovo</td>
              </tr>
              <tr>
                <td>
                  <code>bo.session</code>
                </td>
                <td>sessionStorage</td>
                <td>
                  La sessione di lavoro: identificativo dell’utente, negozio attivo e ruolo che hai in quel negozio, dipendente
                  attivo (identificativo, nome e ruolo). Serve a non perdere queste scelte se ricarichi la pagina. Non contiene
                  password né altre credenziali.
                </td>
                <td>Fino alla chiusura della scheda o all’uscita (logout)</td>
              </tr>
              <tr>
                <td>
                  <code>bo.profile</code>
                </td>
                <td>localStorage</td>
                <td>
                  Il tuo profilo dell’ultimo accesso: identificativo dell’utente, livello (per esempio negozio o commercialista),
                  negozi a cui hai accesso con il ruolo e nome visualizzato. Serve ad aprire subito la schermata quando ricarichi
                  la pagina o apri una nuova scheda; il profilo aggiornato viene comunque letto dal server subito dopo. Non
                  contiene password né altre credenziali.
                </td>
                <td>Fino all’uscita (logout)</td>
              </tr>
              <tr>
                <td>
                  <code>activityLog.pending</code>
                </td>
                <td>localStorage</td>
                <td>
                  Le voci del registro attività del negozio non ancora salvate sul server (per esempio se la rete è caduta):
                  azione, modulo, dettagli dell’operazione, dati tecnici del browser. Servono a non perdere nessuna riga del
                  registro; vengono cancellate appena il server le conferma. Al massimo 100 voci.
                </td>
                <td>Fino al salvataggio sul server</td>
              </tr>
              <tr>
                <td>
                  <code>invoices.unrecorded</code>
                </td>
                <td>localStorage</td>
                <td>
                  Solo se la rete cade durante un invio: le fatture già accettate dallo SdI ma non ancora registrate nel
                  gestionale (numero, identificativo dello SdI, XML della fattura). Servono a registrarle alla prossima apertura
                  di Fatture senza inviarle due volte; vengono cancellate appena la registrazione è confermata.
                </td>
                <td>Fino alla registrazione</td>
              </tr>
              <tr>
                <td>
                  <code>notifications.read.…</code>
                </td>
                <td>localStorage</td>
                <td>Quali notifiche della campanella hai già letto (solo i loro identificativi), per ogni utente.</td>
                <td>Finché la notifica esiste</td>
              </tr>
              <tr>
                <td>
                  <code>firebaseLocalStorageDb</code> (in alternativa <code>firebase:authUser:…</code>)
                </td>
                <td>IndexedDB (localStorage solo se IndexedDB non è disponibile)</td>
                <td>
                  La sessione di accesso gestita da Firebase Authentication (Google): identificativo e email dell’account e i token
                  che ti tengono connesso senza reinserire la password. La password non viene mai salvata nel browser.
                </td>
                <td>Fino all’uscita (logout)</td>
              </tr>
              <tr>
                <td>
                  <code>firestore/…</code> e <code>firestore_…</code>
                </td>
                <td>IndexedDB e localStorage</td>
                <td>
                  La copia locale dei dati che hai aperto (per esempio clienti, prodotti, vendite del tuo negozio) e le modifiche
                  fatte senza connessione in attesa di invio, tenute da Firebase (Google) per mostrare subito le schermate e per
                  non perdere nulla se la rete cade; le chiavi <code>firestore_…</code> coordinano le schede aperte.
                </td>
                <td>Fino all’uscita (logout): all’uscita la copia locale viene cancellata</td>
              </tr>
              <tr>
                <td>
                  <code>bo.cacheOwner</code>
                </td>
                <td>localStorage</td>
                <td>
                  L’identificativo dell’utente a cui appartiene la copia locale dei dati: se accede un altro utente sullo stesso
                  browser, la copia viene cancellata prima di leggere qualsiasi dato.
                </td>
                <td>Fino alla cancellazione della copia locale</td>
              </tr>
              <tr>
                <td>
                  <code>bo.wholeLists</code>
                </td>
                <td>localStorage</td>
                <td>
                  I nomi degli elenchi (per esempio i prodotti o i clienti di un negozio) che la copia locale contiene per intero:
                  serve a mostrarli subito alla visita successiva, anche senza rete, invece di un elenco parziale. Nessun dato
                  degli elenchi, solo i loro nomi con l’identificativo del negozio.
                </td>
                <td>Fino alla cancellazione della copia locale</td>
              </tr>
              <tr>
                <td>
                  <code>bo-shell-v1</code>, <code>bo-assets-v1</code>
                </td>
                <td>Cache del browser (service worker)</td>
                <td>
                  La pagina e i file dell’applicazione già scaricati (nessun dato del negozio), per aprire il gestionale anche senza
                  connessione.
                </td>
                <td>Fino al prossimo aggiornamento dell’applicazione</td>
              </tr>
              <tr>
                <td>
                  <code>firebase-heartbeat-database</code>
                </td>
                <td>IndexedDB</td>
                <td>
                  Dato tecnico della libreria Firebase: le date in cui è stata usata e la sua versione, inviati a Google per la
                  diagnostica del servizio. Non contiene dati dell’account.
                </td>
                <td>Gestita dalla libreria, che tiene al massimo 30 date e le elimina dopo l’invio</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cookie-functional">
        <h2 id="cookie-functional">Strumenti funzionali (solo con il tuo consenso)</h2>
        <p>
          L’assistente in chat della dashboard è fornito da un servizio esterno: il suo script e il suo foglio di stile vengono
          scaricati dal server del fornitore <strong>solo se hai accettato i cookie funzionali e hai effettuato l’accesso</strong>.
          Una volta caricato, lo script del fornitore può salvare propri cookie o dati nel browser e ricevere il tuo indirizzo IP e
          i dati tecnici del browser, secondo l’informativa del fornitore. Se rifiuti, l’assistente non viene caricato e nessun
          dato gli viene inviato.
        </p>
      </section>

      <section aria-labelledby="cookie-analytics">
        <h2 id="cookie-analytics">Strumenti analitici</h2>
        <p>
          Oggi il Back Office non usa strumenti analitici. La scelta che esprimi per questa categoria verrà rispettata se in futuro
          ne venissero introdotti; in quel caso aggiorneremo questa pagina e ti chiederemo di nuovo il consenso.
        </p>
      </section>

      <section aria-labelledby="cookie-browser">
        <h2 id="cookie-browser">Come cancellare questi dati</h2>
        <p>
          Uscendo dal Back Office (pulsante «Esci») la sessione di accesso e quella di lavoro vengono cancellate. Puoi cancellare
          in ogni momento tutti i dati salvati dal sito dalle impostazioni del browser (voce «Cookie e dati dei siti»): al
          successivo accesso ti verrà chiesto di nuovo il consenso.
        </p>
        <p>
          Per sapere come trattiamo i dati personali, leggi l’<Link to="/privacy-policy">informativa privacy</Link>.
        </p>
      </section>
    </LegalPage>
  );
}
