/** The legacy sales of the migration benchmarks, as plain stored data (dates as Date). */
/** Legacy sales in the stored shapes the POS wrote: numbers or text, 1-5 lines, some discounts, some without scrapCount. */
export function legacySale(n: number): Record<string, unknown> {
  const text = n % 5 === 0;
  const lines = 1 + (n % 5);
  const raw: Record<string, unknown> = { userId: `shop-${String(n % 40)}`, date: new Date(1_700_000_000_000 + n * 60_000), method: n % 3 ? 'contanti' : 'Bancomat', isVoid: n % 97 === 0 };
  let total = 0;
  for (let i = 0; i < lines; i++) {
    const price = (150 + ((n * 7 + i * 13) % 900)) / 100;
    const qty = i === 4 ? 0.5 : 1 + ((n + i) % 3);
    const vat = [4, 10, 22, 22][(n + i) % 4] ?? 22;
    total += Math.round(price * qty * 100);
    Object.assign(raw, {
      [`scrapName${String(i)}`]: `Prodotto ${String((n + i) % 600)}`, [`scrapPrice${String(i)}`]: text ? price.toFixed(2).replace('.', ',') : price,
      [`scrapQuantity${String(i)}`]: text ? String(qty) : qty, [`scrapIva${String(i)}`]: text ? String(vat) : vat, [`scrapCode${String(i)}`]: `P${String((n + i) % 600)}`,
    });
  }
  if (n % 50 !== 7) raw.scrapCount = text ? String(lines) : lines;
  raw.price = text ? (total / 100).toFixed(2).replace('.', ',') : total / 100;
  if (n % 20 === 0) raw.discounts = text ? '1' : 1;
  if (n % 3 === 0) raw.fidelityPointsEarned = text ? String(Math.floor(total / 100)) : Math.floor(total / 100);
  return raw;
}
