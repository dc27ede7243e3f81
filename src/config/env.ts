/**
 * Parsed and checked `import.meta.env`. Fails loudly, listing every bad variable, so a wrong deployment
 * stops at start-up instead of misbehaving later.
 *
 * The provider transport (VITE_PROVIDER_MODE): 'proxy' (the default, recommended) sends every provider and
 * company-lookup call through our Cloud Function `providerProxy`, which holds the tokens; the app then neither needs
 * nor reads VITE_SDI_API_TOKEN / VITE_COMPANY_API_TOKEN (nor the provider base URLs), and the build does not
 * contain them (vite.config.ts drops them; scripts/check-build-secrets.ts checks the output). 'direct'
 * calls the provider from the browser with the VITE_* tokens (local experiments only: the tokens are in the bundle).
 */
export type ProviderMode = 'proxy' | 'direct';
export const PROVIDER_MODES: readonly ProviderMode[] = ['proxy', 'direct'];

export interface AppEnv {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string;
    messagingSenderId: string;
    appId: string;
  };
  useEmulators: boolean;
  emulators: { firestoreHost: string; firestorePort: number; authUrl: string };
  providerMode: ProviderMode;
  /** Direct mode only ('' in proxy mode: the function knows the provider). */
  sdiApiBaseUrl: string;
  sdiApiToken: string;
  companyApiBaseUrl: string;
  companyApiToken: string;
  pendingShopsUrl: string;
  chatAssistantScriptUrl: string;
  /** Base URL of our Cloud Functions (functions/): callables are `${functionsUrl}/<name>`. */
  functionsUrl: string;
  /** Where the provider calls back (supplier invoices, SDI notifications); the functions/ codebase serves it. */
  sdiCallbackUrl: string;
  /** Ticket JSON import (document 3 §5): the owner and `taken` list imported tickets get; empty = keep the file's. */
  ticketImportOwner: string;
  ticketImportTaken: string[];
}

type RawEnv = Record<string, string | boolean | undefined>;

export function parseEnv(raw: RawEnv): AppEnv {
  const problems: string[] = [];
  const str = (name: string, fallback?: string): string => {
    const value = raw[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (fallback !== undefined) return fallback;
    problems.push(`${name} mancante`);
    return '';
  };
  const useEmulators = String(raw.VITE_USE_EMULATORS ?? 'false').toLowerCase() === 'true';
  const port = (name: string, fallback: string): number => {
    const text = str(name, fallback);
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0 || n > 65535) problems.push(`${name} non è una porta valida: "${text}"`);
    return n;
  };
  // With the emulators any project id works; a real project needs every key.
  const demo = useEmulators ? 'demo-backoffice' : undefined;
  const modeText = str('VITE_PROVIDER_MODE', 'proxy').toLowerCase();
  const providerMode: ProviderMode = modeText === 'direct' ? 'direct' : 'proxy';
  if (!PROVIDER_MODES.includes(modeText as ProviderMode)) problems.push(`VITE_PROVIDER_MODE deve essere proxy o direct, non "${modeText}"`);
  const direct = providerMode === 'direct';
  // Proxy mode: the provider's URLs and tokens are the function's business, never asked for (nor read) here.
  const directOnly = (name: string, emulatorFallback: string): string => (direct ? str(name, useEmulators ? emulatorFallback : undefined) : '');
  const env: AppEnv = {
    firebase: {
      apiKey: str('VITE_FIREBASE_API_KEY', useEmulators ? 'demo-api-key' : undefined),
      authDomain: str('VITE_FIREBASE_AUTH_DOMAIN', useEmulators ? 'localhost' : undefined),
      projectId: str('VITE_FIREBASE_PROJECT_ID', demo),
      storageBucket: str('VITE_FIREBASE_STORAGE_BUCKET', ''),
      messagingSenderId: str('VITE_FIREBASE_MESSAGING_SENDER_ID', ''),
      appId: str('VITE_FIREBASE_APP_ID', useEmulators ? 'demo-app' : undefined),
    },
    useEmulators,
    emulators: {
      firestoreHost: str('VITE_FIRESTORE_EMULATOR_HOST', '127.0.0.1'),
      firestorePort: port('VITE_FIRESTORE_EMULATOR_PORT', '8080'),
      authUrl: str('VITE_AUTH_EMULATOR_URL', 'http://127.0.0.1:9099'),
    },
    providerMode,
    sdiApiBaseUrl: directOnly('VITE_SDI_API_BASE_URL', 'http://127.0.0.1:9199'),
    sdiApiToken: directOnly('VITE_SDI_API_TOKEN', 'stub-token'),
    companyApiBaseUrl: directOnly('VITE_COMPANY_API_BASE_URL', 'http://127.0.0.1:9199'),
    companyApiToken: directOnly('VITE_COMPANY_API_TOKEN', 'stub-token'),
    pendingShopsUrl: str('VITE_PENDING_SHOPS_URL', useEmulators ? 'http://127.0.0.1:9199/pendingShops' : undefined),
    chatAssistantScriptUrl: str('VITE_CHAT_ASSISTANT_SCRIPT_URL', ''),
    functionsUrl: '',
    sdiCallbackUrl: '',
    ticketImportOwner: str('VITE_TICKET_IMPORT_OWNER', ''),
    ticketImportTaken: str('VITE_TICKET_IMPORT_TAKEN', '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  };
  env.functionsUrl = str('VITE_FUNCTIONS_URL', defaultFunctionsUrl(useEmulators, env.firebase.projectId)).replace(/\/+$/, '');
  env.sdiCallbackUrl = str('VITE_SDI_CALLBACK_URL', `${env.functionsUrl}/sdiCallback`);
  if (problems.length > 0) {
    throw new Error(`Configurazione non valida:\n- ${problems.join('\n- ')}\nVedi .env.example.`);
  }
  return env;
}

/** The functions' region (functions/src/index.ts) and where they answer: the project's, or the local emulator's. */
export const FUNCTIONS_REGION = 'europe-west1';
export function defaultFunctionsUrl(useEmulators: boolean, projectId: string): string {
  return useEmulators ? `http://127.0.0.1:5001/${projectId}/${FUNCTIONS_REGION}` : `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net`;
}

/**
 * The VITE_* variables the app reads, each named on its own: Vite inlines `import.meta.env.NAME` one by one, while
 * the bare `import.meta.env` would inline every VITE_* variable of the build's environment into the bundle. The
 * tokens are read only in direct mode (and vite.config.ts removes them from proxy-mode builds altogether).
 */
function viteEnv(): RawEnv {
  return {
    VITE_USE_EMULATORS: import.meta.env.VITE_USE_EMULATORS,
    VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
    VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    VITE_FIREBASE_STORAGE_BUCKET: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET,
    VITE_FIREBASE_MESSAGING_SENDER_ID: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
    VITE_FIRESTORE_EMULATOR_HOST: import.meta.env.VITE_FIRESTORE_EMULATOR_HOST,
    VITE_FIRESTORE_EMULATOR_PORT: import.meta.env.VITE_FIRESTORE_EMULATOR_PORT,
    VITE_AUTH_EMULATOR_URL: import.meta.env.VITE_AUTH_EMULATOR_URL,
    VITE_PROVIDER_MODE: import.meta.env.VITE_PROVIDER_MODE,
    ...(import.meta.env.VITE_PROVIDER_MODE === 'direct'
      ? {
          VITE_SDI_API_BASE_URL: import.meta.env.VITE_SDI_API_BASE_URL,
          VITE_SDI_API_TOKEN: import.meta.env.VITE_SDI_API_TOKEN,
          VITE_COMPANY_API_BASE_URL: import.meta.env.VITE_COMPANY_API_BASE_URL,
          VITE_COMPANY_API_TOKEN: import.meta.env.VITE_COMPANY_API_TOKEN,
        }
      : {}),
    VITE_PENDING_SHOPS_URL: import.meta.env.VITE_PENDING_SHOPS_URL,
    VITE_CHAT_ASSISTANT_SCRIPT_URL: import.meta.env.VITE_CHAT_ASSISTANT_SCRIPT_URL,
    VITE_FUNCTIONS_URL: import.meta.env.VITE_FUNCTIONS_URL,
    VITE_SDI_CALLBACK_URL: import.meta.env.VITE_SDI_CALLBACK_URL,
    VITE_TICKET_IMPORT_OWNER: import.meta.env.VITE_TICKET_IMPORT_OWNER,
    VITE_TICKET_IMPORT_TAKEN: import.meta.env.VITE_TICKET_IMPORT_TAKEN,
  };
}

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  cached ??= parseEnv(viteEnv());
  return cached;
}
