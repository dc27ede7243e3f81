import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MIGRATION_BATCH, MIGRATION_COLLECTIONS, reasonLabel, type MigrationCollection } from '@/domain/migration/migration';
import { withBulkFirestore, type Firestore } from '@/lib/firebase-secondary';
import { logActivity } from '@/stores/activity-log';
import { analyseCollection, runMigration, type Analysis, type MigrationLogLine, type RunResult } from '../migration-runner';
import { DiscountBackfillPanel } from './discount-backfill-panel';
import { MigrationPreview } from './migration-preview';

type Phase = 'idle' | 'analysing' | 'migrating';

const nf = new Intl.NumberFormat('it-IT');

/**
 * Migrazioni DB (document 3 §2.6, §4, §8, §9): collection Sale, Scrap or Shop (the technicians stored as objects,
 * which neither the technicians' query nor the rules can match), 'Forza ri-migrazione', Analizza (counts by
 * the rules of §4), Dry Run (writes nothing, shows what would change), 'Avvia Migrazione Reale' after the backup
 * confirmation, batches of 50 with a progress bar (percent of batches done), a log (the first 5 documents, then
 * every 100th; errors per document and in total). States: idle → analysing → migrating → idle.
 */
export default function MigrationsTab() {
  const [collection, setCollection] = useState<MigrationCollection>('Sale');
  const [force, setForce] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [analysis, setAnalysis] = useState<Analysis | undefined>();
  const [scanned, setScanned] = useState(0);
  const [progress, setProgress] = useState<{ percent: number; done: number; total: number } | undefined>();
  const [log, setLog] = useState<MigrationLogLine[]>([]);
  const [result, setResult] = useState<RunResult | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [dry, setDry] = useState(false);
  const running = useRef(false);

  const append = (line: MigrationLogLine) => setLog((lines) => [...lines, line]);

  const analyse = async (store: Firestore): Promise<Analysis | undefined> => {
    setPhase('analysing');
    setScanned(0);
    try {
      const a = await analyseCollection(store, collection, force, setScanned);
      setAnalysis(a);
      append({ kind: 'info', text: `Analisi di ${collection}: ${nf.format(a.stats.total)} documenti, ${nf.format(a.stats.toMigrate)} da migrare, ${nf.format(a.stats.alreadyMigrated)} già migrati.` });
      return a;
    } catch (error) {
      console.error(error);
      append({ kind: 'error', text: `Errore durante l'analisi: ${error instanceof Error ? error.message : String(error)}` });
      return undefined;
    }
  };

  const start = async (mode: 'analyse' | 'dry' | 'real') => {
    if (running.current) return;
    running.current = true;
    setResult(undefined);
    setProgress(undefined);
    try {
      await withBulkFirestore(async (store) => {
        const a = await analyse(store);
        if (!a || mode === 'analyse') return;
        setDry(mode === 'dry');
        setPhase('migrating');
        const r = await runMigration(store, a, mode === 'dry', {
          log: append,
          progress: (percent, done, total) => setProgress({ percent, done, total }),
        });
        setResult(r);
        if (mode === 'real') {
          logActivity({ action: 'db_migration', module: 'developer', subject: collection, details: { collection, force, migrated: r.migrated, skipped: r.skipped, failed: r.failed } });
          setAnalysis(await analyseCollection(store, collection, force).catch(() => a));
        }
      });
    } catch (error) {
      console.error(error);
      append({ kind: 'error', text: `Errore durante la migrazione: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      running.current = false;
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  const stats = analysis?.collection === collection && analysis.force === force ? analysis.stats : undefined;

  return (
    <section className="dev-panel migration" aria-labelledby="migrations-title" aria-busy={busy}>
      <h2 id="migrations-title">Migrazioni DB</h2>
      <p className="banner banner--warning" role="note">
        Prima di una migrazione reale fai un backup del database (esportazione di Firestore): i documenti vengono riscritti e da
        qui non si può tornare indietro. Il Dry Run non scrive nulla.
      </p>
      <div className="dev-actions">
        <fieldset className="dev-fieldset migration__choice" disabled={busy}>
          <legend>Collezione</legend>
          {MIGRATION_COLLECTIONS.map((c) => (
            <label key={c}>
              <input type="radio" name="migration-collection" value={c} checked={collection === c} onChange={() => setCollection(c)} /> {c}
            </label>
          ))}
        </fieldset>
        {collection === 'Shop' ? (
          <p className="muted">Shop: i tecnici salvati come oggetti diventano semplici id utente, così il tecnico vede il negozio.</p>
        ) : null}
        <label className="migration__force">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} disabled={busy} /> Forza ri-migrazione (anche i
          documenti già migrati)
        </label>
      </div>
      <div className="dev-actions">
        <button type="button" className="button" onClick={() => void start('analyse')} disabled={busy}>
          Analizza
        </button>
        <button type="button" className="button" onClick={() => void start('dry')} disabled={busy}>
          Dry Run
        </button>
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={busy}>
          Avvia Migrazione Reale
        </button>
      </div>
      <p role="status" className="muted">
        {phase === 'analysing' ? `Analisi in corso… ${nf.format(scanned)} documenti letti` : null}
        {phase === 'migrating' ? (dry ? 'Dry Run in corso (nessuna scrittura)…' : 'Migrazione reale in corso…') : null}
        {phase === 'idle' ? 'Pronto.' : null}
      </p>
      {stats ? (
        <dl className="dev-facts" data-testid="migration-stats">
          <dt>Documenti in {collection}</dt>
          <dd>{nf.format(stats.total)}</dd>
          <dt>Da migrare</dt>
          <dd>{nf.format(stats.toMigrate)}</dd>
          <dt>Già migrati</dt>
          <dd>{nf.format(stats.alreadyMigrated)}</dd>
          <dt>Già nella struttura attuale</dt>
          <dd>{nf.format(stats.current)}</dd>
          {Object.entries(stats.reasons).map(([reason, n]) => (
            <div key={reason} className="migration__reason">
              <dt>— {reasonLabel(collection, reason)}</dt>
              <dd>{nf.format(n)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {progress ? (
        <div className="migration__progress">
          <label htmlFor="migration-progress">
            Avanzamento: {progress.percent}% ({progress.done}/{progress.total} batch da {MIGRATION_BATCH})
          </label>
          <progress id="migration-progress" max={100} value={progress.percent} />
        </div>
      ) : null}
      {result?.dryRun ? <MigrationPreview collection={collection} preview={result.preview} /> : null}
      <h3>Log</h3>
      {log.length === 0 ? (
        <p className="muted">Nessuna operazione eseguita.</p>
      ) : (
        <ol className="migration__log" aria-label="Log della migrazione" data-testid="migration-log">
          {log.map((line, i) => (
            <li key={i} className={`migration__line migration__line--${line.kind}`}>
              {line.text}
            </li>
          ))}
        </ol>
      )}
      <DiscountBackfillPanel disabled={busy} />
      <ConfirmDialog
        open={confirming}
        title="Confermi la migrazione reale?"
        message={`Hai fatto un backup del database? La migrazione riscrive i documenti di ${collection} da migrare${force ? ', anche quelli già migrati' : ''}, a batch di ${String(MIGRATION_BATCH)}, e non si può annullare da qui.`}
        confirmLabel="Ho un backup: avvia"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void start('real');
        }}
      />
    </section>
  );
}
