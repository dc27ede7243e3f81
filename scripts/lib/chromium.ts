import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export const CHROMIUM_MISSING =
  `Chromium non trovato in ${CHROMIUM_PATH}. Installalo con: sudo apt-get install -y chromium ` +
  '(i test end-to-end usano il Chromium di Debian, mai un browser scaricato).';
