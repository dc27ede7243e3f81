import { format } from 'date-fns';
import { it } from 'date-fns/locale';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

export function formatEuro(amount: number): string {
  return euro.format(amount);
}

/** dd/MM/yyyy */
export function formatDate(date: Date): string {
  return format(date, 'dd/MM/yyyy', { locale: it });
}

export function formatDateTime(date: Date): string {
  return format(date, 'dd/MM/yyyy HH:mm', { locale: it });
}
