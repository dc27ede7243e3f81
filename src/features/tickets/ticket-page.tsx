import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Pager } from '@/components/ui/pager';
import { PageLoading } from '@/components/ui/spinner';
import { Toast, useToast } from '@/components/ui/toast';
import type { Ticket } from '@/data/ticket';
import type { User } from '@/data/user';
import {
  EMPTY_TICKET_FILTERS, filterTickets, sortTicketsNewestFirst, TICKET_CATEGORIES, TICKET_PAGE_SIZE, TICKET_STATUS_OPTIONS, TICKET_TYPES, ticketLabel,
  type TicketFilters,
} from '@/domain/tickets/tickets';
import { logOut, UNSENT_CHANGES_CONFIRM } from '@/lib/firebase-auth';
import { italianError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { allTicketsQuery, loadTicketShops, loadTicketUsers, userLabel, type ShopOption } from './api';
import { TicketCreateModal } from './components/ticket-create-modal';
import { TicketActionsModal, TicketLogModal } from './components/ticket-modals';
import { StatusBadge } from './components/status-badge';
import './tickets.css';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

/**
 * /ticket, 'Ticket di Assistenza' (document 3 §2.5, §4, §6): every ticket, live, newest first, with filters
 * (status, type, category, shop, text) and pages of 10; 'Nuovo ticket'; per ticket 'Gestisci' (actions modal)
 * and 'Storico' (log modal). Assist users get Logout; technicians and admins a back button.
 */
export default function TicketPage() {
  const uid = useSession((s) => s.uid) ?? '';
  const email = useSession((s) => s.email) ?? '';
  const level = useSession((s) => s.profile?.level ?? null);
  const navigate = useNavigate();
  const tickets = useLiveQuery(useMemo(() => allTicketsQuery(), []), 'tickets|all');
  const [shops, setShops] = useState<Loaded<ShopOption[]>>({ status: 'loading' });
  const [users, setUsers] = useState<Map<string, User>>(new Map());
  const [filters, setFilters] = useState<TicketFilters>(EMPTY_TICKET_FILTERS);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | undefined>(undefined);
  const [logId, setLogId] = useState<string | undefined>(undefined);
  const { toast, show, dismiss } = useToast();

  useEffect(() => {
    if (!uid) return;
    let current = true;
    loadTicketShops(uid, level)
      .then((data) => current && setShops({ status: 'ready', data }))
      .catch((error: unknown) => current && setShops({ status: 'error', message: `Errore nel caricamento dei negozi: ${italianError(error)}` }));
    loadTicketUsers(level)
      .then((data) => current && setUsers(data))
      .catch((error: unknown) => console.warn('Etichette utenti non disponibili', error));
    return () => {
      current = false;
    };
  }, [uid, level]);

  const shopLabels = useMemo(() => {
    const map = new Map<string, string>();
    for (const [id, user] of users) if (user.level === 'shop') map.set(id, userLabel(user));
    if (shops.status === 'ready') for (const s of shops.data) map.set(s.id, s.label);
    return map;
  }, [users, shops]);
  const shopLabel = useCallback((id: string) => shopLabels.get(id) ?? id, [shopLabels]);
  const personLabel = useCallback((id: string) => (users.get(id)?.email ?? id), [users]);

  const all = useMemo(() => (tickets.status === 'ready' ? sortTicketsNewestFirst(tickets.data) : []), [tickets]);
  const filtered = useMemo(() => filterTickets(all, filters, shopLabel), [all, filters, shopLabel]);
  const lastPage = Math.max(0, Math.ceil(filtered.length / TICKET_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = filtered.slice(shownPage * TICKET_PAGE_SIZE, (shownPage + 1) * TICKET_PAGE_SIZE);
  const shopFilterOptions = useMemo(() => [...new Set(all.map((t) => t.userId))].map((id) => ({ id, label: shopLabel(id) })).sort((a, b) => a.label.localeCompare(b.label, 'it')), [all, shopLabel]);
  const editing = editingId ? all.find((t) => t.id === editingId) : undefined;
  const logTicket = logId ? all.find((t) => t.id === logId) : undefined;

  const setFilter = (key: keyof TicketFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(0);
  };

  // The page's 'Logout' for assist (document 3 §2.5): the plain layout hides its own 'Esci' for it (ownLogoutFor).
  const logout = async () => {
    if (!(await logOut({ confirmUnsent: () => window.confirm(UNSENT_CHANGES_CONFIRM) }))) return;
    useSession.getState().signedOut();
    usePermissions.getState().reset();
    await navigate('/login', { replace: true });
  };

  return (
    <section className="page tickets">
      <div className="tickets__header">
        <h1>Ticket di Assistenza</h1>
        <div className="tickets__actions">
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            Nuovo ticket
          </button>
          {level === 'assist' ? (
            <button type="button" className="button" onClick={() => void logout()}>
              Logout
            </button>
          ) : (
            <button type="button" className="button" onClick={() => void navigate(level === 'admin' ? '/developer' : '/tech-dashboard')}>
              Indietro
            </button>
          )}
        </div>
      </div>

      <div className="filters ticket-filters" role="search" aria-label="Filtri dei ticket">
        <FilterSelect id="f-status" label="Stato" value={filters.status} onChange={(v) => setFilter('status', v)} options={TICKET_STATUS_OPTIONS.map((s) => ({ id: s, label: ticketLabel(s) }))} />
        <FilterSelect id="f-type" label="Tipo" value={filters.type} onChange={(v) => setFilter('type', v)} options={TICKET_TYPES.map((s) => ({ id: s, label: ticketLabel(s) }))} />
        <FilterSelect id="f-category" label="Categoria" value={filters.categorie} onChange={(v) => setFilter('categorie', v)} options={[...TICKET_CATEGORIES, 'altro'].map((s) => ({ id: s, label: ticketLabel(s) }))} />
        <FilterSelect id="f-shop" label="Negozio" value={filters.shopId} onChange={(v) => setFilter('shopId', v)} options={shopFilterOptions} />
        <div className="field">
          <label htmlFor="f-text">Cerca</label>
          <input id="f-text" type="search" value={filters.text} placeholder="Descrizione, negozio o codice" onChange={(e) => setFilter('text', e.target.value)} />
        </div>
      </div>

      {tickets.status === 'loading' ? <PageLoading /> : null}
      {tickets.status === 'error' ? (
        <p className="banner banner--error" role="alert">
          Errore nel caricamento dei ticket: {tickets.error}
        </p>
      ) : null}
      {tickets.status === 'ready' && filtered.length === 0 ? <p className="muted">{all.length === 0 ? 'Nessun ticket presente.' : 'Nessun ticket corrisponde ai filtri.'}</p> : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" aria-label="Ticket">
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Negozio</th>
                <th scope="col">Categoria</th>
                <th scope="col">Tipo</th>
                <th scope="col">Descrizione</th>
                <th scope="col">Stato</th>
                <th scope="col">Azioni</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t: Ticket) => (
                <tr key={t.id} data-testid={`ticket-${t.id}`}>
                  <td>{t.createdAt ? formatDateTime(t.createdAt) : '—'}</td>
                  <td>{shopLabel(t.userId)}</td>
                  <td>{ticketLabel(t.categorie)}</td>
                  <td>{ticketLabel(t.type)}</td>
                  <td className="ticket-description">{t.description}</td>
                  <td>
                    <StatusBadge status={t.status} />
                    {!t.staffRead ? <span className="badge badge--new" data-testid="ticket-shop-reply">Da leggere: scritto dal negozio</span> : null}
                  </td>
                  <td className="ticket-row-actions">
                    <button type="button" className="button" onClick={() => setEditingId(t.id)} aria-label={`Gestisci il ticket: ${t.description.slice(0, 60)}`}>
                      Gestisci
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setLogId(t.id)} aria-label={`Storico del ticket: ${t.description.slice(0, 60)}`}>
                      Storico ({t.logs.length})
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {tickets.status === 'ready' ? <Pager page={shownPage} pageSize={TICKET_PAGE_SIZE} total={filtered.length} onPage={setPage} noun="ticket" testId="tickets" /> : null}

      <TicketCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(message) => {
          setCreating(false);
          show(message, 'success');
        }}
        shops={shops.status === 'ready' ? shops.data : shops.status === 'error' ? [] : undefined}
        shopsError={shops.status === 'error' ? shops.message : undefined}
      />
      <TicketActionsModal
        ticket={editing}
        actor={{ uid, label: email }}
        userLabel={personLabel}
        onClose={() => setEditingId(undefined)}
        onSaved={(message) => {
          setEditingId(undefined);
          show(message, 'success');
        }}
      />
      <TicketLogModal ticket={logTicket} userLabel={personLabel} onClose={() => setLogId(undefined)} />
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: { id: string; label: string }[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Tutti</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
