import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Software compositing instead of SwiftShader's emulated GPU process: the same pixels, less CPU (about 6% of an
  // e2e run on 2 cores).
  '--disable-gpu-compositing',
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
