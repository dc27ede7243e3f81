import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { appEnv } from '@/config/env';
import { parseTicketFile, TICKET_IMPORT_MESSAGES as M, ticketDocuments, ticketPreview, type FileTicket } from '@/domain/developer/ticket-import';
import { logActivity } from '@/stores/activity-log';
import { importTickets } from '../api';

type Message = { kind: 'success' | 'error'; text: string };

/**
 * Ticket JSON import (document 3 §2.6, §5): a button opens the hidden file picker; the file is read, then a preview
 * of the first 50 tickets (and the count of the others) asks for confirmation; the import writes in batches of 450.
 */
export function TicketImport() {
  const input = useRef<HTMLInputElement>(null);
  const [tickets, setTickets] = useState<FileTicket[] | undefined>();
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | undefined>();

  const read = async (file: File | undefined) => {
    if (!file) return;
    setMessage(undefined);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setMessage({ kind: 'error', text: M.readError });
      return;
    }
    const parsed = parseTicketFile(text);
    if (!parsed.ok) {
      setMessage({ kind: 'error', text: parsed.error });
      return;
    }
    setFileName(file.name);
    setTickets(parsed.tickets);
  };

  const close = () => {
    setTickets(undefined);
    if (input.current) input.current.value = '';
  };

  const confirm = async () => {
    if (!tickets) return;
    const env = appEnv();
    const prepared = ticketDocuments(tickets, { ownerId: env.ticketImportOwner, taken: env.ticketImportTaken });
    if (!prepared.ok) {
      close();
      setMessage({ kind: 'error', text: prepared.error });
      return;
    }
    setBusy(true);
    try {
      const n = await importTickets(prepared.docs);
      logActivity({ action: 'tickets_imported', module: 'developer', details: { fileName, imported: n, read: tickets.length } });
      close();
      setMessage({ kind: 'success', text: M.done(n) });
    } catch (error) {
      console.error(error);
      close();
      setMessage({ kind: 'error', text: M.failed });
    } finally {
      setBusy(false);
    }
  };

  const preview = tickets ? ticketPreview(tickets) : undefined;
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Importa ticket (JSON)
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="File JSON dei ticket"
        data-testid="ticket-file"
        onChange={(e) => void read(e.target.files?.[0])}
      />
      {message ? (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'form-error' : 'dev-success'} data-testid="ticket-import-message">
          {message.text}
        </p>
      ) : null}
      <Modal
        open={tickets !== undefined}
        title="Anteprima importazione ticket"
        onClose={close}
        size="wide"
        footer={
          <>
            <button type="button" className="button" onClick={close} disabled={busy}>
              Annulla
            </button>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Importazione…' : `Importa ${String(tickets?.length ?? 0)} ticket`}
            </button>
          </>
        }
      >
        {preview ? (
          <>
            <p className="muted">
              {fileName}: {tickets?.length} ticket validi.
            </p>
            <div className="table-scroll">
              <table className="data-table" data-testid="ticket-preview">
                <thead>
                  <tr>
                    <th scope="col">Data</th>
                    <th scope="col">Utente</th>
                    <th scope="col">Categoria</th>
                    <th scope="col">Tipo</th>
                    <th scope="col">Descrizione</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.shown.map((t, i) => (
                    <tr key={`${t.createdAt}|${String(i)}`}>
                      <td>{t.createdAt}</td>
                      <td>{t.userId}</td>
                      <td>{t.categorie}</td>
                      <td>{t.type}</td>
                      <td>{t.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.others > 0 ? <p data-testid="ticket-preview-others">… e altri {preview.others} ticket</p> : null}
          </>
        ) : null}
      </Modal>
    </>
  );
}
