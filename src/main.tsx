import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installInputHygiene } from '@/lib/input-hygiene';
import { registerOfflineShell } from '@/lib/offline-shell';
import { startActivityLog } from '@/stores/activity-log';
import './styles.css';

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
