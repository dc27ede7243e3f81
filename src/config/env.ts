/**
 * Parsed and checked `import.meta.env`. Fails loudly, listing every bad variable, so a wrong deployment
 * stops at start-up instead of misbehaving later.
 */
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
    sdiApiBaseUrl: str('VITE_SDI_API_BASE_URL', useEmulators ? 'http://127.0.0.1:9199' : undefined),
    sdiApiToken: str('VITE_SDI_API_TOKEN', useEmulators ? 'stub-token' : undefined),
    companyApiBaseUrl: str('VITE_COMPANY_API_BASE_URL', useEmulators ? 'http://127.0.0.1:9199' : undefined),
    companyApiToken: str('VITE_COMPANY_API_TOKEN', useEmulators ? 'stub-token' : undefined),
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

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
