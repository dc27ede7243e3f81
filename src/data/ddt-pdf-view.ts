/**
 * The DDT as printed: the stored note and the shop turned into the PDF's view (domain/ddt/pdf). Shared by
 * /ddt's print button and the accountant's month package.
 */
import type { Customer } from './customer';
import { recipientName, type Ddt } from './ddt';
import type { Shop } from './shop';
import { DDT_PORTO_LABEL, DDT_STATE_LABEL, DDT_TRANSPORT_LABEL } from '@/domain/ddt/ddt';
import type { DdtPdfView } from '@/domain/ddt/pdf';
import { formatDate, formatDateTime } from '@/lib/format';

function place(a: { address?: string; cap?: string; city?: string; province?: string; nation?: string }): string[] {
  const city = [a.cap, a.city, a.province ? `(${a.province})` : ''].filter(Boolean).join(' ');
  return [a.address ?? '', [city, a.nation && a.nation !== 'IT' ? a.nation : ''].filter(Boolean).join(' - ')];
}

function ids(p: { partitaIva?: string; codiceFiscale?: string }): string[] {
  return [p.partitaIva ? `P.IVA ${p.partitaIva}` : '', p.codiceFiscale && p.codiceFiscale !== p.partitaIva ? `C.F. ${p.codiceFiscale}` : ''];
}

export function ddtPdfView(d: Ddt, shop: Shop | undefined, withPrices: boolean): DdtPdfView {
  const r: Customer = d.recipient;
  return {
    number: d.number ?? 'BOZZA',
    date: d.date ? formatDate(d.date) : '',
    state: DDT_STATE_LABEL[d.state],
    sender: {
      name: shop ? shop.ragioneSociale || shop.name : '',
      lines: shop ? [...place({ address: shop.address, cap: shop.zipCode, city: shop.city, province: shop.province }), ...ids(shop), shop.phone ? `Tel. ${shop.phone}` : ''] : [],
    },
    recipient: { name: recipientName(r), lines: [...place(r), ...ids(r)] },
    destination: d.destination ? { name: d.destination.name || recipientName(r), lines: place(d.destination) } : undefined,
    causale: d.causale,
    transportBy: DDT_TRANSPORT_LABEL[d.transportBy],
    carrier: d.transportBy === 'vettore' && d.carrier ? { name: d.carrier.name, lines: [d.carrier.partitaIva ? `P.IVA ${d.carrier.partitaIva}` : '', d.carrier.address] } : undefined,
    porto: DDT_PORTO_LABEL[d.porto],
    aspetto: d.aspetto,
    colli: d.colli,
    peso: d.peso,
    transportStart: d.transportStart ? formatDateTime(d.transportStart) : undefined,
    lines: d.lines,
    withPrices,
    notes: d.notes,
  };
}
