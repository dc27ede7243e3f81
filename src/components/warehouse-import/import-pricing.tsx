import { useId } from 'react';
import { LISTINO_CHOICES, MATCHED_PRICE_RULES, type ListinoChoice, type MatchedPriceRule } from '@/domain/warehouse/import-prices';

/** The import's rule for the selling price of the products already in the warehouse. */
export function PriceRuleField({ rule, onChange, disabled }: { rule: MatchedPriceRule; onChange: (rule: MatchedPriceRule) => void; disabled: boolean }) {
  return (
    <label className="field field--inline">
      Prezzo dei prodotti già in magazzino
      <select value={rule} onChange={(e) => onChange(MATCHED_PRICE_RULES.find((r) => r.value === e.target.value)?.value ?? rule)} disabled={disabled}>
        {MATCHED_PRICE_RULES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Shown while some product would sell below its own listino 2 or 3: nothing is chosen for the shop, and the import
 * waits for the choice, because lowering a listino and leaving it above the price are both decisions on the
 * shop's prices.
 */
export function ListinoChoiceField({ count, choice, onChange, disabled }: { count: number; choice: ListinoChoice | undefined; onChange: (choice: ListinoChoice) => void; disabled: boolean }) {
  const id = useId();
  if (count === 0) return null;
  return (
    <fieldset className="wh-import__listini" disabled={disabled} data-testid="warehouse-import-listini">
      <legend>Listini più alti del nuovo prezzo: {count === 1 ? '1 prodotto' : `${count} prodotti`}</legend>
      <p className="notice-text">Scegli cosa fare dei listini 2 e 3 che resterebbero sopra il nuovo prezzo di vendita: senza una scelta l&apos;importazione non parte.</p>
      {LISTINO_CHOICES.map((c) => (
        <label key={c.value} className="checkbox">
          <input type="radio" name={`${id}-listini`} value={c.value} checked={choice === c.value} onChange={() => onChange(c.value)} />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}
