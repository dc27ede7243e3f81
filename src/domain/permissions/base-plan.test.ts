import { describe, expect, it } from 'vitest';
import { basePlanWayOut } from './base-plan';
import { BASE_PLAN_ALERT } from './subscription';

describe("the Base plan's refusal has a way out", () => {
  it('keeps the spec text and offers an e-mail to the technician, written for them', () => {
    expect(BASE_PLAN_ALERT).toBe(
      'Accesso non consentito: il tuo abbonamento è sul piano "Base" che non permette l\'accesso all\'area backoffice. Contatta il supporto o esegui l\'upgrade per sbloccare l\'accesso.',
    );
    const way = basePlanWayOut({ name: 'Giorgio Fontana', email: 'tecnico@demo.it' });
    expect(way.detail).toBe('Per passare a un piano con il backoffice scrivi al tecnico del tuo negozio: Giorgio Fontana (tecnico@demo.it).');
    expect(way.action?.label).toBe('Scrivi al tecnico');
    const mail = new URL(way.action?.href ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe('tecnico@demo.it');
    expect(mail.searchParams.get('subject')).toBe('Passaggio a un piano con il backoffice');
    expect(mail.searchParams.get('body')).toContain('Buongiorno Giorgio Fontana,\nvorrei passare a un piano che includa il backoffice.');
  });

  it('calls a technician known only by phone, and says where to turn when none is on record', () => {
    expect(basePlanWayOut({ name: 'Ugo', phone: '+39 333 123 4567' }).action).toEqual({ label: 'Chiama il tecnico', href: 'tel:+393331234567' });
    const none = basePlanWayOut(undefined);
    expect(none.action).toBeUndefined();
    expect(none.detail).toBe('Per passare a un piano con il backoffice rivolgiti al tecnico che ha installato la cassa del negozio.');
  });
});
