import type { Shop } from '@/data/shop';
import { orMissing } from '../shop-list';

/** Address, city, province, zip, phone and VAT number of a shop card (document 3 §2.7). */
export function ShopDetails({ shop }: { shop: Shop }) {
  const rows: [string, string][] = [
    ['Indirizzo', orMissing(shop.address)],
    ['Città', orMissing(shop.city)],
    ['Provincia', orMissing(shop.province)],
    ['CAP', orMissing(shop.zipCode)],
    ['Telefono', orMissing(shop.phone)],
    ['Partita IVA', orMissing(shop.partitaIva)],
  ];
  return (
    <dl className="shop-details">
      {rows.map(([label, value]) => (
        <div key={label} className="shop-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
