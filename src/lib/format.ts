import { format } from 'date-fns';
import { it } from 'date-fns/locale';

// Euro amounts: the one formatter is domain/money formatEuro (half-up to the cent first).

/** dd/MM/yyyy */
export function formatDate(date: Date): string {
  return format(date, 'dd/MM/yyyy', { locale: it });
}

export function formatDateTime(date: Date): string {
  return format(date, 'dd/MM/yyyy HH:mm', { locale: it });
}
