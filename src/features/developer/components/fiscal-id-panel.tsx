import { useMemo, useState, type FormEvent } from 'react';
import type { Shop } from '@/data/shop';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Notify } from '@/components/ui/toast';
import { normalizeFiscalId } from '@/domain/fiscal-ids/registry';
import { italianError } from '@/lib/firebase-errors';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { logActivity } from '@/stores/activity-log';
import { assignTo, claimForShop, fiscalIdDoc, shareWith, unshare } from '../api-fiscal-id';

type Pending = { kind: 'claim' } | { kind: 'assign'; from: string } | { kind: 'share'; shopId: string } | { kind: 'unshare'; shopId: string };

/**
 * Identità fiscale: whether the shop's P.IVA is verified — held by this shop in the registry the
 * provider proxy and the webhook trust — and the admins' decisions: record it, give it to this shop, share it with
 * another shop of the same company, end a sharing. Each decision is confirmed first and logged.
 */
export function FiscalIdPanel({ shop, notify }: { shop: Shop; notify: Notify }) {
  const pIva = normalizeFiscalId(shop.settings.pIva);
  const valid = /^\d{11}$/.test(pIva);
  const ref = useMemo(() => (valid ? fiscalIdDoc(pIva) : null), [pIva, valid]);
  const entry = useLiveDocument(ref, `dev-fiscal-${pIva}`);
  const [shareId, setShareId] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (!valid) {
    return <p className="muted">Il negozio non ha una partita IVA di 11 cifre: la imposta il suo tecnico da Dettagli negozio.</p>;
  }
  if (entry.status === 'loading') return <p className="muted">Caricamento identità fiscale…</p>;
  if (entry.status === 'error') {
    return (
      <p className="form-error" role="alert">
        Errore nel caricamento dell&apos;identità fiscale: {entry.error}
      </p>
    );
  }
  const held = entry.data;
  const mine = held?.shopId === shop.id;
  const sharedHere = held !== undefined && held.sharedWith.includes(shop.id);

  async function run() {
    if (!pending) return;
    setBusy(true);
    setError(undefined);
    try {
      const details = { shopId: shop.id, pIva };
      if (pending.kind === 'claim') {
        await claimForShop(pIva, shop.id);
        logActivity({ action: 'fiscal_id_claimed', module: 'shop', subject: shop.id, details });
        notify(`Partita IVA ${pIva} registrata per questo negozio.`, 'success');
      } else if (pending.kind === 'assign') {
        await assignTo(pIva, shop.id);
        logActivity({ action: 'fiscal_id_assigned', module: 'shop', subject: shop.id, details: { ...details, before: pending.from, after: shop.id } });
        notify(`Partita IVA ${pIva} assegnata a questo negozio.`, 'success');
      } else if (pending.kind === 'share') {
        await shareWith(pIva, held?.shopId ?? shop.id, pending.shopId);
        logActivity({ action: 'fiscal_id_shared', module: 'shop', subject: shop.id, details: { ...details, with: pending.shopId } });
        notify(`Partita IVA ${pIva} condivisa con il negozio ${pending.shopId}.`, 'success');
        setShareId('');
      } else {
        await unshare(pIva, pending.shopId);
        logActivity({ action: 'fiscal_id_unshared', module: 'shop', subject: shop.id, details: { ...details, with: pending.shopId } });
        notify(`Condivisione della partita IVA ${pIva} con ${pending.shopId} revocata.`, 'success');
      }
    } catch (e) {
      setError(italianError(e));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const submitShare = (event: FormEvent) => {
    event.preventDefault();
    const id = shareId.trim();
    if (id !== '') setPending({ kind: 'share', shopId: id });
  };

  const confirmText: Record<Pending['kind'], string> = {
    claim: `Registrare la partita IVA ${pIva} per questo negozio? Da quel momento il negozio invia fatture e riceve le fatture dei fornitori con questa partita IVA.`,
    assign: `Assegnare la partita IVA ${pIva} a questo negozio? L'attuale titolare (${pending?.kind === 'assign' ? pending.from : ''}) non potrà più inviare fatture con questa partita IVA e le fatture dei fornitori arriveranno qui.`,
    share: `Condividere la partita IVA ${pIva} con il negozio ${pending?.kind === 'share' ? pending.shopId : ''}? Potrà inviare fatture con questa partita IVA; le fatture dei fornitori restano al titolare.`,
    unshare: `Revocare la condivisione della partita IVA ${pIva} con il negozio ${pending?.kind === 'unshare' ? pending.shopId : ''}?`,
  };

  return (
    <div>
      <p>
        Partita IVA del negozio: <strong>{pIva}</strong>
      </p>
      {held === undefined ? (
        <>
          <p className="form-error">Non verificata: nessun negozio la ha nel registro. Il proxy del provider rifiuta gli invii di questo negozio.</p>
          <button type="button" className="btn" disabled={busy} onClick={() => setPending({ kind: 'claim' })}>
            Registra per questo negozio
          </button>
        </>
      ) : mine ? (
        <p>Verificata: registrata per questo negozio.</p>
      ) : sharedHere ? (
        <p>Verificata: condivisa dal negozio {held.shopId}, che ne è il titolare.</p>
      ) : (
        <>
          <p className="form-error">La partita IVA è registrata per un altro negozio ({held.shopId}): questo negozio non può inviare fatture finché un amministratore non decide.</p>
          <div className="actions">
            <button type="button" className="btn" disabled={busy} onClick={() => setPending({ kind: 'share', shopId: shop.id })}>
              Condividi con questo negozio
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setPending({ kind: 'assign', from: held.shopId })}>
              Assegna a questo negozio
            </button>
          </div>
        </>
      )}
      {mine ? (
        <>
          <h3>Negozi della stessa azienda</h3>
          {held.sharedWith.length === 0 ? <p className="muted">Nessuna condivisione.</p> : null}
          <ul>
            {held.sharedWith.map((id) => (
              <li key={id}>
                {id}{' '}
                <button type="button" className="btn-link" disabled={busy} onClick={() => setPending({ kind: 'unshare', shopId: id })}>
                  Revoca
                </button>
              </li>
            ))}
          </ul>
          <form onSubmit={submitShare} className="field">
            <label htmlFor="fiscal-share">ID del negozio con cui condividere</label>
            <input id="fiscal-share" value={shareId} onChange={(e) => setShareId(e.target.value)} />
            <button type="submit" className="btn" disabled={busy || shareId.trim() === ''}>
              Condividi
            </button>
          </form>
        </>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Identità fiscale"
        message={pending ? confirmText[pending.kind] : ''}
        confirmLabel="Conferma"
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
