/** The VITE_* variables src/config/env.ts reads (typed as text: Vite inlines them as strings or leaves them undefined). */
interface ImportMetaEnv {
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_FIRESTORE_EMULATOR_PORT?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_PROVIDER_MODE?: string;
  readonly VITE_SDI_API_BASE_URL?: string;
  readonly VITE_SDI_API_TOKEN?: string;
  readonly VITE_COMPANY_API_BASE_URL?: string;
  readonly VITE_COMPANY_API_TOKEN?: string;
  readonly VITE_PENDING_SHOPS_URL?: string;
  readonly VITE_CHAT_ASSISTANT_SCRIPT_URL?: string;
  readonly VITE_FUNCTIONS_URL?: string;
  readonly VITE_SDI_CALLBACK_URL?: string;
  readonly VITE_TICKET_IMPORT_OWNER?: string;
  readonly VITE_TICKET_IMPORT_TAKEN?: string;
}
