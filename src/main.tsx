import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installInputHygiene } from '@/lib/input-hygiene';
import { startActivityLog } from '@/stores/activity-log';
import './styles.css';

startActivityLog();
installInputHygiene();
const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root mancante in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
