import { Outlet } from 'react-router-dom';
import { CookieBanner } from '@/features/cookie-consent/cookie-banner';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}
