import { formatEuro } from '@/domain/money';

/** An amount, or the word that says it is missing (never a zero the document does not carry). */
export function Money({ value, missing = 'Non indicato' }: { value: number | undefined; missing?: string }) {
  return value === undefined ? <span className="muted">{missing}</span> : <>{formatEuro(value)}</>;
}

/** A difference: '+' when the closing is above the sales, highlighted when not zero. */
export function SignedMoney({ value }: { value: number | undefined }) {
  if (value === undefined) return <span className="muted">—</span>;
  if (value === 0) return <>{formatEuro(0)}</>;
  return <strong className="zreport-diff">{value > 0 ? `+${formatEuro(value)}` : formatEuro(value)}</strong>;
}
