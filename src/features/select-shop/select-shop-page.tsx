import { Link } from 'react-router-dom';
import { ShopDueLine } from '@/components/sdi-due/shop-due-line';
import { ShopImage } from './components/shop-image';
import { ShopsStatus } from './components/shops-status';
import { orMissing } from './shop-list';
import { useAccountantShops } from './use-accountant-shops';
import { useChooseShop } from './use-choose-shop';

/** /select-shop: the accountant's shops as a list, one 'Seleziona' button each (document 3 §2.7). */
export default function SelectShopPage() {
  const state = useAccountantShops();
  const choose = useChooseShop();
  return (
    <section className="page select-shop">
      <div className="select-shop__header">
        <h1>Seleziona negozio</h1>
        <span className="select-shop__links">
          <Link to="/accountant">Scrivania: tutti i negozi del mese</Link>
          <Link to="/select-shop-carousel">Vista a schede</Link>
        </span>
      </div>
      <ShopsStatus state={state} />
      {state.status === 'ready' && state.shops.length > 0 ? (
        <ul className="shop-list" aria-label="Negozi disponibili">
          {state.shops.map(({ shop, role }) => (
            <li key={shop.id} className="card shop-list__item">
              <ShopImage name={shop.name} src={shop.shopImage} />
              <div className="shop-list__text">
                <h2>{shop.name || shop.id}</h2>
                <p className="muted">
                  {[shop.address, shop.city, shop.province].filter(Boolean).join(', ') || orMissing(undefined)}
                </p>
                <ShopDueLine shopId={shop.id} />
              </div>
              <button type="button" className="button button--primary" aria-label={`Seleziona ${shop.name || shop.id}`} onClick={() => choose(shop.id, role)}>
                Seleziona
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
