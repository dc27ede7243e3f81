/**
 * File names inside the package. An issued invoice keeps its SDI name, IT<P.IVA>_<ProgressivoInvio>.xml (the
 * transmitter's country and VAT code, then the sender's progressive, as the SDI names the file); a received one the
 * name the provider gave it, else the supplier's VAT number and the invoice number. Names are unique in their folder.
 */
import type { InvoiceView } from '@/domain/fatturapa/reader';
import { fileNamePart } from '@/domain/fatturapa/pdf-format';

const alnum = (s: string) => s.replace(/[^A-Za-z0-9]/g, '');

/**
 * 'IT01234567890_00001' (no extension): the name the SDI received when the provider told it (stored on the Invoice),
 * else the transmitter and the whole ProgressivoInvio (never cut: S00013 cut to S0001 named another file's number and
 * collided with it); the shop's VAT number when the XML has no seller VAT id.
 */
export function sdiBaseName(view: Pick<InvoiceView, 'seller' | 'progressivoInvio' | 'number'>, shopVat: string, sdiFileName?: string): string {
  const stored = sdiFileName?.trim().replace(/\.(xml|p7m)$/gi, '').replace(/[^A-Za-z0-9_.-]/g, '_');
  if (stored) return stored;
  const shop = alnum(shopVat);
  // The shop's VAT number may be stored with its country prefix ('IT0123…'): the prefix is the country, not code.
  const [shopCountry, shopCode] = /^[A-Za-z]{2}/.test(shop) ? [shop.slice(0, 2).toUpperCase(), shop.slice(2)] : ['IT', shop];
  const country = alnum(view.seller.vatId?.country ?? '') || shopCountry;
  const code = alnum(view.seller.vatId?.code ?? '') || shopCode;
  const progressive = alnum(view.progressivoInvio ?? '') || fileNamePart(view.number);
  return `${country}${code}_${progressive}`;
}

/** A received invoice: the provider's file name without extension, else '<supplier VAT>_<number>'. */
export function receivedBaseName(view: Pick<InvoiceView, 'seller' | 'number'>, storedFileName: string | undefined): string {
  const stored = storedFileName?.trim().replace(/\.(xml|p7m|json)$/gi, '').replace(/[^A-Za-z0-9_.-]/g, '_');
  if (stored) return stored;
  const vat = `${alnum(view.seller.vatId?.country ?? '')}${alnum(view.seller.vatId?.code ?? '')}` || fileNamePart(view.seller.name);
  return `${vat}_${fileNamePart(view.number)}`;
}

/** Gives each name once: 'a.xml', then 'a_2.xml', 'a_3.xml'. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string, extension: string): string {
    let name = `${base}${extension}`;
    for (let i = 2; this.taken.has(name.toLowerCase()); i++) name = `${base}_${i}${extension}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}
