import { useId, useState } from 'react';
import { dayInput, resolvePeriod, type Period, type PeriodChoice } from '@/domain/dashboard/period';
import './period-filter.css';

interface PeriodFilterProps {
  loading: boolean;
  onApply: (period: Period, choice: PeriodChoice) => void;
  /** Offers 'Mese scorso' beside 'Oggi': the whole previous calendar month. */
  lastMonth?: boolean;
}

/**
 * 'Oggi' / 'Personalizza' (single day or range) and 'Applica Filtro', shared by the dashboard and the statistics
 * (document 1 §2, §5; document 3 §2.4, §5), with 'Mese scorso' where asked: the end-before-start message shows as
 * soon as the dates are wrong, and 'Applica Filtro' is disabled while they are, and while a load runs.
 */
export function PeriodFilter({ loading, onApply, lastMonth = false }: PeriodFilterProps) {
  const today = dayInput(new Date());
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(false);
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(today);
  const panelId = useId();
  const errorId = useId();

  const choice: PeriodChoice = range ? { mode: 'range', start, end } : { mode: 'day', day: start };
  const result = resolvePeriod(choice, new Date());
  const error = 'error' in result ? result.error : undefined;
  const apply = () => {
    if ('period' in result) onApply(result.period, choice);
  };

  const showPreset = (preset: { mode: 'today' } | { mode: 'last-month' }) => {
    const resolved = resolvePeriod(preset, new Date());
    if ('period' in resolved) onApply(resolved.period, preset);
    setOpen(false);
  };

  return (
    <div className="period-filter" role="group" aria-label="Periodo">
      <div className="period-filter__buttons">
        <button type="button" className="button" onClick={() => showPreset({ mode: 'today' })}>
          Oggi
        </button>
        {lastMonth ? (
          <button type="button" className="button" onClick={() => showPreset({ mode: 'last-month' })}>
            Mese scorso
          </button>
        ) : null}
        <button type="button" className="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          Personalizza
        </button>
      </div>
      <div id={panelId} className="period-filter__panel" hidden={!open}>
        <label className="checkbox">
          <input type="checkbox" checked={range} onChange={(e) => setRange(e.target.checked)} /> Intervallo di date
        </label>
        <label>
          {range ? 'Data inizio' : 'Data'}
          <input type="date" value={start} max={range ? undefined : today} onChange={(e) => setStart(e.target.value)} aria-describedby={error ? errorId : undefined} />
        </label>
        {range ? (
          <label>
            Data fine
            <input type="date" value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          </label>
        ) : null}
        <button type="button" className="button button--primary" onClick={apply} disabled={loading || error !== undefined}>
          Applica Filtro
        </button>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
