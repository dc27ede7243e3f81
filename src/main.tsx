import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installInputHygiene } from '@/lib/input-hygiene';
import { holdReadsUntilFirstScreen } from '@/lib/first-screen';
import { registerOfflineShell } from '@/lib/offline-shell';
import { startActivityLog } from '@/stores/activity-log';
import './styles.css';

holdReadsUntilFirstScreen();
startActivityLog();
installInputHygiene();
registerOfflineShell();
const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root mancante in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
