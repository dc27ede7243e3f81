import { ticketLabel } from '@/domain/tickets/tickets';

const TONE: Record<string, string> = { 'in corso': 'badge--warning', completato: 'badge--info', annullato: '' };

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${TONE[status] ?? ''} ticket-status ticket-status--${status.replace(' ', '-')}`}>{ticketLabel(status)}</span>;
}
