import { DEMO_ACCOUNTS } from '../seed/accounts.ts';
import type { RunningEmulators } from './emulators.ts';

/** The VITE_* variables that point a build or dev server at local emulators and the provider stub. */
export function viteEnvFor(emulators: RunningEmulators, stubUrl: string): Record<string, string> {
  const [firestoreHost, firestorePort] = emulators.firestoreHost.split(':');
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: emulators.projectId,
    VITE_FIRESTORE_EMULATOR_HOST: firestoreHost ?? '127.0.0.1',
    VITE_FIRESTORE_EMULATOR_PORT: firestorePort ?? '8080',
    VITE_AUTH_EMULATOR_URL: `http://${emulators.authHost}`,
    // The token-keeping proxy (the emulated providerProxy function, pointed at the stub) unless the shell asks for
    // direct mode (VITE_PROVIDER_MODE=direct npx tsx scripts/e2e.ts …): then the browser calls the stub with the
    // stub's token below (in proxy mode vite.config.ts keeps both out of the app).
    VITE_PROVIDER_MODE: process.env.VITE_PROVIDER_MODE ?? 'proxy',
    VITE_SDI_API_BASE_URL: stubUrl,
    VITE_SDI_API_TOKEN: 'stub-token',
    VITE_COMPANY_API_BASE_URL: stubUrl,
    VITE_COMPANY_API_TOKEN: 'stub-token',
    VITE_PENDING_SHOPS_URL: `${stubUrl}/pendingShops`,
    ...(emulators.functionsUrl ? { VITE_FUNCTIONS_URL: emulators.functionsUrl } : {}),
    // Ticket JSON import (/developer): imported tickets belong to the demo admin and were taken by the demo assist.
    VITE_TICKET_IMPORT_OWNER: DEMO_ACCOUNTS.admin.uid,
    VITE_TICKET_IMPORT_TAKEN: DEMO_ACCOUNTS.assist.uid,
  };
}
