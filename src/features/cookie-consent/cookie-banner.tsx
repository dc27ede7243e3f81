import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { consentLogAction, consentLogDetails, type ConsentRecord } from './consent';
import { useConsentStore } from './consent-store';

/**
 * The choice goes in the activity log (module privacy). Before login there is nobody to log it for: the
 * record keeps pendingLog and the entry is written as soon as a user is signed in and their profile is known
 * (so the entry lands on the right shop's log).
 */
function useConsentLogging(): void {
  const uid = useSession((s) => s.uid);
  const profileStatus = useSession((s) => s.profileStatus);
  const pending = useConsentStore((s) => s.record?.pendingLog === true);
  useEffect(() => {
    if (!uid || !pending || profileStatus === 'idle' || profileStatus === 'loading') return;
    const { record, markLogged } = useConsentStore.getState();
    if (!record?.pendingLog) return;
    // Clear the flag first: a second run of this effect (Strict Mode, another render) must not log twice.
    markLogged();
    logActivity({ action: consentLogAction(record), module: 'privacy', details: consentLogDetails(record) });
  }, [uid, pending, profileStatus]);
}

export function CookieBanner() {
  useConsentLogging();
  const record = useConsentStore((s) => s.record);
  const preferencesOpen = useConsentStore((s) => s.preferencesOpen);
  if (record && !preferencesOpen) return null;
  return <ConsentPanel current={record} reopened={preferencesOpen} />;
}

function ConsentPanel({ current, reopened }: { current: ConsentRecord | undefined; reopened: boolean }) {
  const { choose, closePreferences } = useConsentStore.getState();
  const [customizing, setCustomizing] = useState(reopened);
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [functional, setFunctional] = useState(current?.functional ?? false);
  const regionRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const panelId = useId();

  // Keyboard and screen-reader users land on the banner: always when they reopened it, on first display only
  // if focus is not already somewhere (never pull focus out of a field being typed in). Focus goes back to
  // where it was once the choice is made.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (reopened || !previous || previous === document.body) regionRef.current?.focus();
    return () => {
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, [reopened]);

  return (
    <section ref={regionRef} className="cookie-banner" role="region" aria-label="Consenso ai cookie" aria-describedby={titleId} tabIndex={-1}>
      <div className="cookie-banner__inner">
        <div className="cookie-banner__text">
          <h2 id={titleId} className="cookie-banner__title">
            Cookie e dati salvati nel browser
          </h2>
          <p>
            Usiamo solo gli strumenti tecnici necessari per l’accesso e il funzionamento del back office. Con il tuo consenso
            carichiamo anche l’assistente in chat di un fornitore esterno (funzionali). Non usiamo cookie di profilazione.
            Dettagli nella <Link to="/cookie-policy">Cookie policy</Link>.
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button button--primary" onClick={() => choose('necessary')}>
            Rifiuta
          </button>
          <button type="button" className="button" aria-expanded={customizing} aria-controls={panelId} onClick={() => setCustomizing((v) => !v)}>
            Personalizza
          </button>
          <button type="button" className="button button--primary" onClick={() => choose('all')}>
            Accetta tutti
          </button>
          {reopened && current ? (
            <button type="button" className="button button--ghost" onClick={closePreferences}>
              Chiudi
            </button>
          ) : null}
        </div>
      </div>
      <div id={panelId} className="cookie-banner__prefs" hidden={!customizing}>
        <fieldset>
          <legend>Scegli quali cookie accettare</legend>
          <label className="cookie-option">
            <input type="checkbox" checked disabled />
            <span>
              <strong>Necessari</strong> (sempre attivi) — accesso, sessione di lavoro e memorizzazione di questa scelta.
            </span>
          </label>
          <label className="cookie-option">
            <input type="checkbox" name="analytics" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
            <span>
              <strong>Analitici</strong> — statistiche anonime sull’uso dell’app. Oggi non ne usiamo: la scelta varrà se verranno introdotti.
            </span>
          </label>
          <label className="cookie-option">
            <input type="checkbox" name="functional" checked={functional} onChange={(e) => setFunctional(e.target.checked)} />
            <span>
              <strong>Funzionali</strong> — l’assistente in chat nella dashboard, caricato da un fornitore esterno.
            </span>
          </label>
        </fieldset>
        <button type="button" className="button button--primary" onClick={() => choose('custom', { analytics, functional })}>
          Salva preferenze
        </button>
      </div>
    </section>
  );
}
