// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useConnection } from '@/stores/connection';
import { CONNECTION_TEXTS } from './connection-notice';
import { Modal } from './modal';

beforeAll(() => {
  // jsdom has no modal dialogs: the open attribute is all these tests need.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(cleanup);

function Screen({ shown, open }: { shown: boolean; open: boolean }) {
  return (
    <>
      <button type="button">Nuovo DDT</button>
      {shown ? (
        <Modal open={open} title="Nuovo DDT" onClose={() => undefined}>
          <p>Contenuto</p>
        </Modal>
      ) : null}
    </>
  );
}

describe('Modal gives the focus back to its opener', () => {
  function openFromButton(): ReturnType<typeof render> {
    const view = render(<Screen shown={false} open={false} />);
    screen.getByRole('button', { name: 'Nuovo DDT' }).focus();
    view.rerender(<Screen shown open />);
    act(() => screen.getByRole('button', { name: 'Chiudi', hidden: true }).focus());
    return view;
  }

  it('when it closes', () => {
    const view = openFromButton();
    view.rerender(<Screen shown open={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nuovo DDT' }));
  });

  it('when the page removes it while open (the focus would be left on the body)', () => {
    const view = openFromButton();
    view.rerender(<Screen shown={false} open={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nuovo DDT' }));
  });
});

describe('Modal says a lost connection itself (the page behind it is inert)', () => {
  afterEach(() => act(() => useConnection.getState().setState('online')));

  it('shows the offline alert inside the open dialog, then the syncing status, then nothing', () => {
    render(<Screen shown open />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).queryByTestId('connection-banner-dialog')).toBeNull();
    act(() => useConnection.getState().setState('offline'));
    expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe(CONNECTION_TEXTS.offline);
    act(() => useConnection.getState().setState('syncing'));
    expect(within(dialog).getByRole('status', { hidden: true }).textContent).toBe(CONNECTION_TEXTS.syncing);
    act(() => useConnection.getState().setState('online'));
    expect(within(dialog).queryByTestId('connection-banner-dialog')).toBeNull();
  });

  it('a closed dialog says nothing', () => {
    render(<Screen shown open={false} />);
    act(() => useConnection.getState().setState('offline'));
    expect(screen.queryByTestId('connection-banner-dialog')).toBeNull();
  });
});
