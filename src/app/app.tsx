import { useAuthBridge } from '@/features/auth/use-auth-bridge';
import { NoticeDialog } from './notice-dialog';
import { AppRouter } from './router';

export function App() {
  useAuthBridge();
  return (
    <>
      <AppRouter />
      <NoticeDialog />
    </>
  );
}
