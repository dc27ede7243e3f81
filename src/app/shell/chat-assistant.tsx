import { useEffect } from 'react';
import { useCookieConsent } from '@/features/cookie-consent/consent-store';
import { useSession } from '@/stores/session';

const MARKER = 'data-chat-assistant';

/**
 * The third-party chat assistant (document 1 §2): its script is added only inside the signed-in shell, for a
 * user who accepted functional cookies, and only when VITE_CHAT_ASSISTANT_SCRIPT_URL is set. Withdrawing the
 * consent or signing out removes the script tag (what the script already created stays until the next load).
 */
export function ChatAssistant({ url }: { url: string }) {
  const uid = useSession((s) => s.uid);
  const { functional } = useCookieConsent();

  useEffect(() => {
    if (!uid || !functional || !url) return;
    if (document.querySelector(`script[${MARKER}]`)) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.setAttribute(MARKER, 'true');
    document.body.appendChild(script);
    return () => script.remove();
  }, [uid, functional, url]);

  return null;
}
