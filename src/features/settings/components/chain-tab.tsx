import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { canBecomeMaster, canJoinGroup, CHAIN_MASTER_DEFAULTS, CHAIN_MESSAGES, COPY_FEEDBACK_MS, joinCodeError } from '@/domain/settings/chain';
import { italianError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { SAVED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { becomeChainMaster, chainMembersQuery, joinGroup, leaveGroup, saveMemberSharing } from '../api';
import { FlashMessage, useFlash } from '../use-flash';
import type { TabProps } from './tab-props';

type Confirm = 'master' | 'leave' | undefined;

const MEMBERS_RETRIES = 4;
const MEMBERS_RETRY_MS = 1000;

/**
 * Catena/Gruppo (document 3 §2.3, §4, §5): the shop code to give to the other shops, become master, join a
 * group by the master's code, leave it, and — for a master — its members and the chain dashboard.
 */
export default function ChainTab({ shop, canEdit }: TabProps) {
  const [flash, show] = useFlash();
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [confirm, setConfirm] = useState<Confirm>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => clearTimeout(copyTimer.current), []);
  const membersQuery = useMemo(() => (shop.isChainMaster ? chainMembersQuery(shop.id) : null), [shop.isChainMaster, shop.id]);
  // Re-subscribed once becoming master is committed: the rules let a master list its members only then, while the
  // live shop already shows isChainMaster from the local write.
  const [membersRound, setMembersRound] = useState(0);
  const members = useLiveQuery(membersQuery, `members|${shop.id}|${String(membersRound)}`);
  // The listener can still be refused in that window (a query the server evaluated against the shop before the
  // flag was committed): a refusal while this shop is a master is tried again, a few times, before it is shown.
  const membersRefused = members.status === 'error' && shop.isChainMaster === true;
  useEffect(() => {
    if (!membersRefused || membersRound >= MEMBERS_RETRIES) return;
    const timer = setTimeout(() => setMembersRound((n) => n + 1), MEMBERS_RETRY_MS);
    return () => clearTimeout(timer);
  }, [membersRefused, membersRound]);
  const settings = shop.chainSettings ?? CHAIN_MASTER_DEFAULTS;

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(shop.id);
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      show({ kind: 'error', text: CHAIN_MESSAGES.copyFailed });
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    show(undefined);
    try {
      await work();
    } catch (error) {
      show({ kind: 'error', text: `Errore: ${italianError(error)}` });
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };

  const becomeMaster = () =>
    run(async () => {
      const outcome = await becomeChainMaster(shop.id);
      setMembersRound((n) => n + 1);
      logActivity({ action: 'chain_master_enabled', module: 'settings', details: { chainSettings: { ...CHAIN_MASTER_DEFAULTS } } });
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : CHAIN_MESSAGES.becameMaster });
    });

  const share = (field: 'allowMemberDataAccess' | 'shareInventory', value: boolean) =>
    run(async () => {
      const before = shop.chainSettings?.[field];
      const outcome = await saveMemberSharing(shop.id, field, value);
      logActivity({ action: 'chain_data_access_update', module: 'settings', details: { field, before: before ?? null, after: value } });
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : 'Preferenze di condivisione salvate.' });
    });

  const leave = () =>
    run(async () => {
      const parent = shop.shopGroup;
      const outcome = await leaveGroup(shop.id);
      logActivity({ action: 'chain_leave', module: 'settings', details: { before: parent, after: null } });
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : CHAIN_MESSAGES.left });
    });

  const join = async (event: FormEvent) => {
    event.preventDefault();
    const problem = joinCodeError(code, shop.id);
    setCodeError(problem);
    if (problem) return;
    const parent = code.trim();
    await run(async () => {
      const outcome = await joinGroup(shop.id, parent);
      if (outcome === 'not-found') {
        setCodeError(CHAIN_MESSAGES.notFound);
        return;
      }
      logActivity({ action: 'chain_join', module: 'settings', details: { before: null, after: parent } });
      setCode('');
      show({ kind: 'success', text: CHAIN_MESSAGES.joined });
    });
  };

  return (
    <div className="settings-section">
      <h2>Catena/Gruppo</h2>
      <FlashMessage flash={flash} />

      <div className="chain-code card">
        <span className="muted">Codice negozio</span>
        <code data-testid="shop-code">{shop.id}</code>
        <button type="button" className="button" onClick={() => void copyCode()}>
          Copia codice
        </button>
        <span role="status" className="chain-code__copied">
          {copied ? CHAIN_MESSAGES.copied : ''}
        </span>
        <p className="field-hint">Comunica questo codice ai negozi che devono entrare nel tuo gruppo.</p>
      </div>

      {shop.isChainMaster ? (
        <section className="chain-block" aria-labelledby="chain-master-title">
          <h3 id="chain-master-title">Sei il capogruppo</h3>
          <p>
            <Link to="/chain-dashboard" className="button button--primary">
              Vai alla Dashboard Catena
            </Link>
          </p>
          <p className="muted">
            Accesso ai dati dei negozi membri: {settings.allowMemberDataAccess ? 'consentito' : 'non consentito'} · Magazzino condiviso:{' '}
            {settings.shareInventory ? 'sì' : 'no'}
          </p>
          <h4>Negozi del gruppo</h4>
          {members.status === 'loading' ? <p className="muted">Caricamento…</p> : null}
          {members.status === 'error' && !(membersRefused && membersRound < MEMBERS_RETRIES) ? <p className="form-error">Errore nel caricamento dei negozi del gruppo: {members.error}</p> : null}
          {members.status === 'ready' && members.data.length === 0 ? <p className="muted">Nessun negozio fa ancora parte del gruppo.</p> : null}
          {members.status === 'ready' && members.data.length > 0 ? (
            <ul className="chain-members">
              {members.data.map((member) => (
                <li key={member.id}>
                  <strong>{member.name || member.id}</strong>
                  <span className="muted">{[member.city, member.province].filter(Boolean).join(' ')}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {shop.shopGroup !== null ? (
        <section className="chain-block" aria-labelledby="chain-member-title">
          <h3 id="chain-member-title">Fai parte di un gruppo</h3>
          <p>
            Codice del capogruppo: <code data-testid="parent-code">{shop.shopGroup}</code>
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={shop.chainSettings?.allowMemberDataAccess ?? true}
              disabled={!canEdit || busy}
              onChange={(e) => void share('allowMemberDataAccess', e.target.checked)}
            />
            Consenti al capogruppo di vedere vendite e prodotti di questo negozio
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={shop.chainSettings?.shareInventory ?? false}
              disabled={!canEdit || busy}
              onChange={(e) => void share('shareInventory', e.target.checked)}
            />
            Condividi il magazzino nel magazzino globale della catena
          </label>
          <button type="button" className="button button--danger" disabled={!canEdit || busy} onClick={() => setConfirm('leave')}>
            Esci dal gruppo
          </button>
        </section>
      ) : null}

      {canBecomeMaster(shop) ? (
        <section className="chain-block" aria-labelledby="chain-become-title">
          <h3 id="chain-become-title">Diventa capogruppo</h3>
          <p className="muted">Il capogruppo vede i negozi del gruppo e le loro statistiche aggregate.</p>
          <button type="button" className="button" disabled={!canEdit || busy} onClick={() => setConfirm('master')}>
            Diventa capogruppo
          </button>
        </section>
      ) : null}

      {canJoinGroup(shop) ? (
        <form className="chain-block settings-form" onSubmit={(e) => void join(e)} noValidate aria-labelledby="chain-join-title">
          <h3 id="chain-join-title">Unisciti a un gruppo</h3>
          <FormError message={codeError} id="join-code-error" />
          <div className="field">
            <label htmlFor="join-code">Codice del negozio capogruppo</label>
            <input
              id="join-code"
              value={code}
              autoComplete="off"
              disabled={!canEdit}
              aria-invalid={codeError !== undefined}
              aria-describedby="join-code-error"
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={!canEdit || busy}>
            Unisciti al gruppo
          </button>
        </form>
      ) : null}

      <ConfirmDialog
        open={confirm === 'master'}
        title="Diventa capogruppo"
        message={CHAIN_MESSAGES.confirmMaster}
        confirmLabel="Diventa capogruppo"
        busy={busy}
        onConfirm={() => void becomeMaster()}
        onCancel={() => setConfirm(undefined)}
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        title="Esci dal gruppo"
        message={CHAIN_MESSAGES.confirmLeave}
        confirmLabel="Esci dal gruppo"
        danger
        busy={busy}
        onConfirm={() => void leave()}
        onCancel={() => setConfirm(undefined)}
      />
    </div>
  );
}
