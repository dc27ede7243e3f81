import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ShopDueLine } from '@/components/sdi-due/shop-due-line';
import { useSession } from '@/stores/session';
import { ShopDetails } from './components/shop-details';
import { ShopImage } from './components/shop-image';
import { ShopsStatus } from './components/shops-status';
import { wrapIndex } from './shop-list';
import { useAccountantShops } from './use-accountant-shops';
import { useChooseShop } from './use-choose-shop';

/**
 * /select-shop-carousel: one shop card at a time with previous/next, indicators and 'Seleziona questo negozio'
 * (document 3 §2.7). Follows the WAI-ARIA carousel pattern: a labelled region with aria-roledescription,
 * slides as labelled groups, arrow keys inside the region, and a polite live region announcing the slide.
 */
export default function SelectShopCarouselPage() {
  const state = useAccountantShops();
  const choose = useChooseShop();
  const activeShopId = useSession((s) => s.activeShopId);
  const slidesId = useId();
  // null until the user moves: the carousel opens on the shop already active, if it is in the list.
  const [chosenIndex, setChosenIndex] = useState<number | null>(null);

  const shops = state.status === 'ready' ? state.shops : [];
  const count = shops.length;
  const startIndex = Math.max(0, shops.findIndex((c) => c.shop.id === activeShopId));
  const index = wrapIndex(chosenIndex ?? startIndex, count);
  const current = shops[index];

  const go = (next: number) => setChosenIndex(wrapIndex(next, count));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="page select-shop">
      <div className="select-shop__header">
        <h1>Seleziona negozio</h1>
        <span className="select-shop__links">
          <Link to="/accountant">Scrivania: tutti i negozi del mese</Link>
          <Link to="/select-shop">Vista elenco</Link>
        </span>
      </div>
      <ShopsStatus state={state} />
      {current ? (
        <section
          className="carousel"
          role="region"
          aria-roledescription="carousel"
          aria-label="Negozi disponibili"
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <p className="muted carousel__hint">Usa le frecce sinistra e destra per scorrere i negozi.</p>
          <div className="carousel__stage">
            <button
              type="button"
              className="button carousel__nav"
              aria-controls={slidesId}
              aria-label="Negozio precedente"
              disabled={count < 2}
              onClick={() => go(index - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <div id={slidesId} className="carousel__slides">
              <div
                key={current.shop.id}
                className="card carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} di ${count}: ${current.shop.name || current.shop.id}`}
                data-testid="carousel-slide"
              >
                <ShopImage name={current.shop.name} src={current.shop.shopImage} />
                <h2 className="carousel__title">{current.shop.name || current.shop.id}</h2>
                <ShopDetails shop={current.shop} />
                <ShopDueLine key={current.shop.id} shopId={current.shop.id} />
                <button type="button" className="button button--primary button--block" onClick={() => choose(current.shop.id, current.role)}>
                  Seleziona questo negozio
                </button>
              </div>
            </div>
            <button
              type="button"
              className="button carousel__nav"
              aria-controls={slidesId}
              aria-label="Negozio successivo"
              disabled={count < 2}
              onClick={() => go(index + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <div className="carousel__dots" role="group" aria-label="Indicatori dei negozi">
            {shops.map((choice, i) => (
              <button
                key={choice.shop.id}
                type="button"
                className={i === index ? 'carousel__dot carousel__dot--current' : 'carousel__dot'}
                aria-label={`Negozio ${i + 1} di ${count}`}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <p className="carousel__live" aria-live="polite" aria-atomic="true" data-testid="carousel-announcement">
            {`Negozio ${index + 1} di ${count}: ${current.shop.name || current.shop.id}`}
          </p>
        </section>
      ) : null}
    </section>
  );
}
