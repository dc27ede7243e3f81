import { useState } from 'react';
import type { Pack } from '@/data/pack';
import { Modal } from '@/components/ui/modal';
import { validateCatalogInput } from '@/domain/developer/forms';

export interface CatalogFormValue {
  name: string;
  price: number;
  description: string;
  packs: string[];
}

interface Props {
  kind: 'plan' | 'pack';
  /** The item being edited; undefined = a new one. */
  initial: { name: string; price: number; description?: string; packs?: string[] } | undefined;
  packs: readonly Pack[];
  onSave: (value: CatalogFormValue) => Promise<void>;
  onClose: () => void;
}

/** Create / edit a plan or a pack (document 3 §2.6, §5): name, price (≥ 0, step 0.01), description; a plan's packs. */
export function CatalogFormModal({ kind, initial, packs, onSave, onClose }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [price, setPrice] = useState(initial ? String(initial.price) : '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [selected, setSelected] = useState<string[]>(initial?.packs ?? []);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'price' | 'save', string>>>({});
  const [busy, setBusy] = useState(false);
  const noun = kind === 'plan' ? 'piano' : 'pacchetto';
  const title = initial ? `Modifica ${noun}` : kind === 'plan' ? 'Nuovo piano' : 'Nuovo pacchetto';

  const submit = async () => {
    const result = validateCatalogInput({ name, price, description });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave({ ...result.value, packs: selected });
    } catch (e) {
      console.error(e);
      setErrors({ save: `Errore durante il salvataggio del ${noun}` });
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Annulla
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Salvataggio…' : 'Salva'}
          </button>
        </>
      }
    >
      <form
        className="dev-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          Nome
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} data-autofocus aria-invalid={errors.name ? true : undefined} />
        </label>
        {errors.name ? <p className="form-error">{errors.name}</p> : null}
        <label className="field">
          {kind === 'plan' ? 'Prezzo mensile (€)' : 'Prezzo (€)'}
          <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} required aria-invalid={errors.price ? true : undefined} />
        </label>
        {errors.price ? <p className="form-error">{errors.price}</p> : null}
        <label className="field">
          Descrizione
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        </label>
        {kind === 'plan' ? (
          <fieldset className="dev-fieldset">
            <legend>Pacchetti inclusi</legend>
            <ul className="dev-checks">
              {packs.map((p) => (
                <li key={p.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={selected.includes(p.id)}
                      onChange={() => setSelected((s) => (s.includes(p.id) ? s.filter((x) => x !== p.id) : [...s, p.id]))}
                    />
                    {p.name || p.id}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {errors.save ? (
          <p className="form-error" role="alert">
            {errors.save}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
