import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

/**
 * Informativa privacy (artt. 13–14 GDPR). It describes what this app actually stores and logs; the data
 * controller is named generically ('il titolare del servizio') because the provider's identity and contacts are
 * in the service contract, not in the code. Keep it in step with src/stores/activity-log.ts (UserLog metadata)
 * and src/stores/session.ts (bo.session).
 */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Informativa privacy"
      intro={
        <p>
          Questa informativa, resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), spiega quali dati
          personali tratta il Back Office dei negozi, per quali finalità, per quanto tempo e quali diritti hai.
        </p>
      }
    >
      <section aria-labelledby="pp-controller">
        <h2 id="pp-controller">1. Titolare del trattamento</h2>
        <p>
          Il titolare del trattamento è il titolare del servizio, cioè il fornitore del Back Office con cui il negozio ha stipulato
          il contratto di servizio; i suoi dati di contatto sono indicati nel contratto. Per i dati che il negozio inserisce sui
          propri clienti e dipendenti (ad esempio in fattura o nell’elenco dei dipendenti), titolare è il negozio e il titolare del
          servizio agisce come responsabile del trattamento (art. 28 GDPR).
        </p>
      </section>

      <section aria-labelledby="pp-data">
        <h2 id="pp-data">2. Quali dati trattiamo</h2>
        <ul>
          <li>
            <strong>Account</strong>: email, identificativo utente, livello (negozio, commercialista, tecnico, assistenza,
            amministratore) e negozi associati. La password è gestita da Firebase Authentication (Google) e non viene mai salvata
            dal Back Office, né nel database né nel browser.
          </li>
          <li>
            <strong>Negozio</strong>: ragione sociale, indirizzo, telefono, partita IVA, impostazioni, abbonamento e pacchetti.
          </li>
          <li>
            <strong>Dipendenti</strong>: nome, cognome, codice fiscale, telefono, ruolo ed eventuale PIN usato per scegliere chi
            sta lavorando.
          </li>
          <li>
            <strong>Dati di lavoro</strong>: vendite, chiusure di cassa, prodotti e magazzino, documenti di trasporto, clienti e
            fatture elettroniche (con i dati fiscali dei clienti), ticket di assistenza.
          </li>
          <li>
            <strong>Registro attività</strong>: descritto al punto 3.
          </li>
          <li>
            <strong>Dati nel browser</strong>: la sessione di accesso, la sessione di lavoro e la scelta sui cookie, descritti
            nella <Link to="/cookie-policy">cookie policy</Link>.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-log">
        <h2 id="pp-log">3. Registro attività</h2>
        <p>
          Per verificare a posteriori le operazioni svolte nel negozio (chi ha fatto cosa e quando), il Back Office registra le
          operazioni rilevanti, ad esempio l’accesso di un dipendente, le modifiche ai prodotti, l’invio di fatture, le
          importazioni di file e la scelta sui cookie. Ogni voce del registro contiene:
        </p>
        <ul>
          <li>il tipo di operazione, l’area dell’app e i dettagli dell’operazione (ad esempio il prodotto e il valore prima e dopo la modifica);</li>
          <li>data e ora, l’identificativo del negozio e dell’utente che ha eseguito l’operazione;</li>
          <li>il dipendente attivo, se il negozio usa la selezione del dipendente: identificativo, nome e ruolo;</li>
          <li>
            dati tecnici della sessione: lo user agent del browser (tagliato a 200 caratteri), un identificativo di sessione
            casuale generato a ogni apertura dell’app, l’indirizzo della pagina, il tipo di dispositivo (computer, tablet o
            smartphone) e il sistema operativo.
          </li>
        </ul>
        <p>
          Campi come password, token e chiavi vengono eliminati dai dettagli prima del salvataggio. Il registro è salvato nel
          database (Cloud Firestore) ed è consultabile dal negozio nella propria dashboard e dal personale del titolare del servizio
          incaricato dell’assistenza e dell’amministrazione.
        </p>
      </section>

      <section aria-labelledby="pp-purposes">
        <h2 id="pp-purposes">4. Finalità e basi giuridiche</h2>
        <ul>
          <li>
            Fornire il servizio (accesso, gestione del negozio, vendite, fatture, magazzino, assistenza): esecuzione del contratto
            (art. 6, par. 1, lett. b GDPR).
          </li>
          <li>
            Emissione, trasmissione al Sistema di Interscambio (SdI) e conservazione delle fatture elettroniche: obbligo di legge
            (art. 6, par. 1, lett. c GDPR).
          </li>
          <li>
            Registro attività, sicurezza e verifica delle operazioni: legittimo interesse del negozio e del titolare del servizio a
            ricostruire le operazioni e prevenire abusi (art. 6, par. 1, lett. f GDPR).
          </li>
          <li>
            Assistente in chat (strumento funzionale): consenso (art. 6, par. 1, lett. a GDPR e art. 122 del Codice privacy),
            revocabile in ogni momento dalla <Link to="/cookie-policy">cookie policy</Link>.
          </li>
        </ul>
        <p>
          Fornire email e password è necessario per usare il Back Office; senza questi dati non è possibile accedere. Non
          effettuiamo profilazione né decisioni automatizzate che producano effetti giuridici sulle persone.
        </p>
      </section>

      <section aria-labelledby="pp-recipients">
        <h2 id="pp-recipients">5. A chi vengono comunicati i dati</h2>
        <ul>
          <li>
            Google (Firebase Authentication, Cloud Firestore e hosting), che ospita l’applicazione e i dati come responsabile del
            trattamento. Alcuni dati possono essere trattati fuori dallo Spazio economico europeo con le garanzie previste dagli
            artt. 44–49 GDPR (ad esempio decisione di adeguatezza o clausole contrattuali standard).
          </li>
          <li>
            Il fornitore di fatturazione elettronica, per l’invio delle fatture al Sistema di Interscambio dell’Agenzia delle
            Entrate e per la ricerca dei dati aziendali tramite partita IVA.
          </li>
          <li>Il fornitore dell’assistente in chat, solo se hai accettato gli strumenti funzionali.</li>
          <li>Il commercialista e i tecnici che il negozio ha associato al proprio account, per i dati del negozio.</li>
        </ul>
      </section>

      <section aria-labelledby="pp-retention">
        <h2 id="pp-retention">6. Per quanto tempo</h2>
        <ul>
          <li>Dati dell’account e del negozio: per la durata del contratto di servizio, poi vengono cancellati o resi anonimi.</li>
          <li>
            Fatture e documenti contabili: per il periodo previsto dalla legge (dieci anni, art. 2220 del Codice civile).
          </li>
          <li>
            Registro attività: per il periodo stabilito dal titolare del servizio e indicato nel contratto di servizio; oggi il
            Back Office non cancella automaticamente le voci del registro.
          </li>
          <li>
            Dati nel browser: la sessione di lavoro fino alla chiusura della scheda, la sessione di accesso fino all’uscita, la
            scelta sui cookie per 365 giorni.
          </li>
        </ul>
      </section>

      <section aria-labelledby="pp-rights">
        <h2 id="pp-rights">7. I tuoi diritti</h2>
        <p>In base agli articoli 15–22 del GDPR puoi chiedere in ogni momento:</p>
        <ul>
          <li>l’accesso ai tuoi dati e una copia (art. 15);</li>
          <li>la rettifica dei dati inesatti (art. 16);</li>
          <li>la cancellazione (art. 17) e la limitazione del trattamento (art. 18);</li>
          <li>la portabilità dei dati che ci hai fornito, in un formato di uso comune (art. 20);</li>
          <li>di opporti al trattamento basato sul legittimo interesse (art. 21);</li>
          <li>di non essere sottoposto a decisioni basate unicamente su un trattamento automatizzato (art. 22).</li>
        </ul>
        <p>
          Il titolare comunica le rettifiche, cancellazioni e limitazioni ai destinatari dei dati (art. 19). Puoi revocare il
          consenso in qualsiasi momento senza conseguenze sui trattamenti già svolti (art. 7, par. 3). Per esercitare i diritti
          scrivi al titolare del servizio ai recapiti indicati nel contratto, oppure apri un ticket di assistenza dal Back Office.
        </p>
      </section>

      <section aria-labelledby="pp-complaint">
        <h2 id="pp-complaint">8. Reclamo al Garante</h2>
        <p>
          Se ritieni che il trattamento violi il GDPR puoi proporre reclamo al Garante per la protezione dei dati personali
          (art. 77 GDPR): Piazza Venezia 11, 00187 Roma —{' '}
          <a href="https://www.garanteprivacy.it" rel="noreferrer">
            www.garanteprivacy.it
          </a>
          .
        </p>
      </section>
    </LegalPage>
  );
}
