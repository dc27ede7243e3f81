// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConsentStore } from '@/features/cookie-consent/consent-store';
import { useSession } from '@/stores/session';
import { ChatAssistant } from './chat-assistant';

const URL = 'https://chat.example.test/widget.js';
const script = () => document.querySelector('script[data-chat-assistant]');

describe('ChatAssistant', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useSession.getState().signedOut();
    useConsentStore.getState().reload();
  });
  afterEach(() => {
    cleanup();
    document.querySelectorAll('script[data-chat-assistant]').forEach((s) => s.remove());
  });

  it('loads the script only for a signed-in user with functional cookies and a URL', () => {
    render(<ChatAssistant url={URL} />);
    expect(script()).toBeNull(); // signed out, no consent

    useSession.getState().signedIn('u1', 'a@b.it');
    render(<ChatAssistant url={URL} />);
    expect(script()).toBeNull(); // no consent yet

    useConsentStore.getState().choose('custom', { analytics: false, functional: true });
    cleanup();
    render(<ChatAssistant url={URL} />);
    expect(script()?.getAttribute('src')).toBe(URL);
  });

  it('loads nothing without a URL, even with consent', () => {
    useSession.getState().signedIn('u1', 'a@b.it');
    useConsentStore.getState().choose('all');
    render(<ChatAssistant url="" />);
    expect(script()).toBeNull();
  });
});
