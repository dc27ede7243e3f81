// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { AccountTab } from './account-tab';

const changePassword = vi.fn<(current: string, next: string) => Promise<void>>();
vi.mock('../api', () => ({ changePassword: (current: string, next: string) => changePassword(current, next) }));
vi.mock('@/stores/activity-log', () => ({ logActivity: vi.fn() }));

beforeEach(() => changePassword.mockReset().mockResolvedValue(undefined));
afterEach(cleanup);

function submit(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Password attuale'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('Nuova password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Conferma nuova password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Aggiorna Password' }));
}

describe('AccountTab (document 3 §2.3, §8)', () => {
  it("says the spec's 'Errore: ID utente non trovato.' when the signed-in user cannot be identified, and changes nothing", () => {
    useSession.setState({ email: undefined });
    render(<AccountTab />);
    submit('vecchia1', 'nuova123', 'nuova123');
    expect(screen.getByRole('alert').textContent).toBe('Errore: ID utente non trovato.');
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('refuses a new password under 6 characters with the message every password screen uses, hint beside the field', () => {
    useSession.setState({ email: 'negozio@demo.it' });
    render(<AccountTab />);
    submit('vecchia1', 'corta', 'corta');
    expect(screen.getByRole('alert').textContent).toBe('La password deve contenere almeno 6 caratteri.');
    expect(changePassword).not.toHaveBeenCalled();
    expect(screen.getByText('Minimo 6 caratteri')).toBeTruthy();
  });

  it("changes the password of the identified user with the spec's success text", async () => {
    useSession.setState({ email: 'negozio@demo.it' });
    render(<AccountTab />);
    submit('vecchia1', 'nuova123', 'nuova123');
    expect(await screen.findByText('Password aggiornata con successo.')).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith('vecchia1', 'nuova123');
  });
});
