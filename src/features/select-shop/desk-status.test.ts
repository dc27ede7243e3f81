import { describe, expect, it } from 'vitest';
import type { MonthFingerprint } from '@/domain/month-package/fingerprint';
import type { ReconSummary } from '@/domain/zreport/reconcile';
import { closingsLine, deskStatus, packageLine, sdiLine, type DeskFigures } from './desk-status';

const month: MonthFingerprint = {
  sales: { n: 40, cents: 97_566 }, voided: 1, deleted: 0, outgoing: { n: 3, cents: 12_000 }, rejected: 0,
  incoming: { n: 2, cents: 5_000 }, closings: { n: 20, cents: 90_000 }, ddts: 1,
};
const none: MonthFingerprint = { sales: { n: 0, cents: 0 }, voided: 0, deleted: 0, outgoing: { n: 0, cents: 0 }, rejected: 0, incoming: { n: 0, cents: 0 }, closings: { n: 0, cents: 0 }, ddts: 0 };
const reconciled = (over: Partial<ReconSummary> = {}): ReconSummary => ({
  days: 20, closings: 20, closingsTotal: 900, closingsWithoutTotal: 0, salesTotal: 900, difference: 0, differenceDays: 0, noClosingDays: 0, noSalesDays: 0, ...over,
});
const at = new Date(2026, 11, 2, 10, 15);
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('the desk row in words', () => {
  it('package: not downloaded, downloaded, changed after the download (with what changed), or an empty month', () => {
    expect(packageLine(month, undefined)).toEqual({ text: 'Non ancora scaricato', tone: 'warn' });
    expect(packageLine(none, undefined)).toEqual({ text: 'Nessun documento nel mese', tone: 'muted' });
    expect(packageLine(month, { at, fingerprint: month })).toEqual({ text: 'Scaricato il 02/12/2026 10:15', tone: 'ok' });
    const changed = packageLine({ ...month, sales: { n: 41, cents: 98_066 } }, { at, fingerprint: month });
    expect(changed.text).toBe('Cambiato dopo il download del 02/12/2026 10:15');
    expect(changed.tone).toBe('late');
    expect(changed.items?.map(plain)).toEqual(['+1 vendita (+5,00 €)']);
    expect(packageLine(month, { at })).toEqual({ text: 'Scaricato il 02/12/2026 10:15 (non si può dire se è cambiato dopo)', tone: 'muted' });
  });

  it('SDI: the same sentence as the shop list and the dashboard; late is red, due soon is amber', () => {
    expect(sdiLine({ draftsLate: 0, draftsNear: 0, rejectedOpen: 0, rejectedLate: 0, buyersToTell: 0, ddtsToInvoice: 0 })).toEqual({ text: 'Nessuna scadenza SDI', tone: 'ok' });
    expect(sdiLine({ draftsLate: 1, draftsNear: 2, rejectedOpen: 0, rejectedLate: 0, buyersToTell: 0, ddtsToInvoice: 0 })).toEqual({ text: 'Scadenze SDI: 3 fatture da sistemare, 1 in ritardo.', tone: 'late' });
    expect(sdiLine({ draftsNear: 1 }).tone).toBe('warn');
  });

  it('closings: differences and missing closings first, days still to summarise said apart', () => {
    expect(closingsLine(reconciled(), 0)).toEqual({ text: 'Tutte riconciliate (20 giorni)', tone: 'ok' });
    expect(closingsLine(reconciled({ differenceDays: 2, noClosingDays: 1 }), 3)).toEqual({ text: '2 giorni con differenza · 1 giorno senza chiusura · 3 giorni da riepilogare (apri Chiusure)', tone: 'late' });
    expect(closingsLine(reconciled({ days: 0 }), 30)).toEqual({ text: '30 giorni da riepilogare (apri Chiusure)', tone: 'muted' });
    expect(closingsLine(reconciled({ days: 12 }), 1)).toEqual({ text: '12 giorni riconciliati · 1 giorno da riepilogare (apri Chiusure)', tone: 'muted' });
    expect(closingsLine(reconciled({ days: 0 }), 0)).toEqual({ text: 'Nessuna chiusura nel mese', tone: 'muted' });
  });

  it('a row asks for attention only when something is to do', () => {
    const fine: DeskFigures = { fingerprint: month, download: { at, fingerprint: month }, due: {}, closings: reconciled(), daysToSummarise: 0, lastSale: at };
    expect(deskStatus(fine).attention).toBe(false);
    expect(deskStatus({ ...fine, download: undefined }).attention).toBe(true);
    expect(deskStatus({ ...fine, due: { rejectedOpen: 1 } }).attention).toBe(true);
    expect(deskStatus({ ...fine, closings: reconciled({ noClosingDays: 1 }) }).attention).toBe(true);
    expect(deskStatus({ ...fine, daysToSummarise: 4 }).attention).toBe(false);
    expect(deskStatus({ ...fine, lastSale: undefined }).lastSale.text).toBe('Nessuna vendita');
  });
});
