// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installInputHygiene } from './input-hygiene';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installInputHygiene(document);
});
afterEach(() => {
  uninstall();
  cleanup();
});

/** A controlled field as every form of the app has it: what onChange receives is what would be saved. */
function Form({ multiline = false, maxLength }: { multiline?: boolean; maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      {multiline ? (
        <textarea aria-label="Note" value={value} onChange={(e) => setValue(e.target.value)} />
      ) : (
        <input aria-label="Nome" value={value} maxLength={maxLength} onChange={(e) => setValue(e.target.value)} />
      )}
      <output data-testid="saved">{value}</output>
      <input aria-label="Password" type="password" defaultValue="" />
    </>
  );
}

/** Types like a browser does: the new value lands in the field, then the input event fires. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('input hygiene', () => {
  it("hands the form's onChange the text without control characters and right-to-left overrides", () => {
    const view = render(<Form />);
    const field = view.getByLabelText('Nome') as HTMLInputElement;
    type(field, 'Ma\u0000rio \u202ERossi\u202C\u200B Srl');
    expect(field.value).toBe('Mario Rossi Srl');
    expect(view.getByTestId('saved').textContent).toBe('Mario Rossi Srl');
  });

  it('keeps line breaks in a textarea and leaves passwords as typed', () => {
    const view = render(<Form multiline />);
    const notes = view.getByLabelText('Note') as HTMLTextAreaElement;
    type(notes, 'Riga 1\nRiga 2\u0007');
    expect(view.getByTestId('saved').textContent).toBe('Riga 1\nRiga 2');
    const password = view.getByLabelText('Password') as HTMLInputElement;
    type(password, 'a\u0007b');
    expect(password.value).toBe('a\u0007b');
  });

  it('gives a field with no limit the default one on focus, keeps a limit of its own', () => {
    const view = render(<Form />);
    const field = view.getByLabelText('Nome') as HTMLInputElement;
    fireEvent.focusIn(field);
    expect(field.maxLength).toBe(300);
    view.unmount();
    const own = render(<Form maxLength={2} />).getByLabelText('Nome') as HTMLInputElement;
    fireEvent.focusIn(own);
    expect(own.maxLength).toBe(2);
  });

  it('cuts 10,000 characters at the limit, and says so in Italian in a live region', () => {
    const view = render(<Form />);
    const field = view.getByLabelText('Nome') as HTMLInputElement;
    type(field, 'x'.repeat(10_000));
    expect(view.getByTestId('saved').textContent).toHaveLength(300);
    const status = document.getElementById('input-hygiene-status');
    expect(status?.getAttribute('role')).toBe('status');
    expect(status?.textContent).toBe('Testo troppo lungo: questo campo accetta al massimo 300 caratteri. Il resto non è stato inserito.');
  });
});
