/**
 * The demo accounts of the local backend. One shared password; fixed uids so every run of the seed (and every
 * test) sees the same ids. Imported by the seed, the e2e tests and the README's table.
 */

export const DEMO_PASSWORD = 'Demo!2026';

export type DemoLevel = 'shop' | 'accountant' | 'tech' | 'admin' | 'assist' | 'shopRegister';

export interface DemoAccount {
  uid: string;
  email: string;
  level: DemoLevel;
  /** Person's name (User.name / displayName). */
  name: string;
  /** For shop accounts: the shop's name (the Shop document is keyed by this uid). */
  shopName?: string;
  /** What the account shows, in Italian, for the README. */
  description: string;
}

export const DEMO_ACCOUNTS = {
  owner: {
    uid: 'huG8GP38g4o5MNJAYKJ1UXXFWXLC',
    email: 'negozio@demo.it',
    level: 'shop',
    name: 'Paolo Verdi',
    shopName: 'Bottega Verdi',
    description: 'Negozio con tutti i pacchetti (fatturazione, analisi, Statistiche, Catena), capogruppo di una catena, abbonamento Premium attivo',
  },
  fewPacks: {
    uid: 'paNfhs0gCa05RFRunzqw7wZyVGOe',
    email: 'pochipacchetti@demo.it',
    level: 'shop',
    name: 'Anna Colombo',
    shopName: 'Ferramenta Colombo',
    description: 'Negozio con pochi pacchetti (niente fatturazione né statistiche), abbonamento in scadenza tra 5 giorni',
  },
  basePlan: {
    uid: 'UvfJIssDj4PTTKtb2TxxDBfz5LJF',
    email: 'base@demo.it',
    level: 'shop',
    name: 'Ciro Russo',
    shopName: 'Edicola Russo',
    description: 'Negozio sul piano Base: accesso al backoffice rifiutato',
  },
  expired: {
    uid: '3hBGZW3M4Fz6Hq2AK7EGHZbKoXi0',
    email: 'scaduto@demo.it',
    level: 'shop',
    name: 'Marta Greco',
    shopName: 'Profumeria Greco',
    description: 'Negozio con abbonamento scaduto da oltre 15 giorni (fuori dal periodo di grazia)',
  },
  grace: {
    uid: 'd9TH4QgTNBEjE4o24hOSDRET79Iq',
    email: 'grazia@demo.it',
    level: 'shop',
    name: 'Luca Ferri',
    shopName: 'Libreria Ferri',
    description: 'Negozio con abbonamento scaduto da 5 giorni (nel periodo di grazia di 15 giorni): fattura ancora',
  },
  roles: {
    uid: 'JzQtJZPGSEZ4zBms1racjP4M9DZH',
    email: 'ruoli@demo.it',
    level: 'shop',
    name: 'Elena Conti',
    shopName: 'Alimentari Conti',
    description: 'Negozio con ruoli backoffice attivi: dopo il login si sceglie il dipendente (Giulia Rossi PIN 1234, Marco Bianchi senza PIN)',
  },
  branch1: {
    uid: '7Fx6mqSFDGX0FZBJQ6c1suD6ZgCS',
    email: 'filiale1@demo.it',
    level: 'shop',
    name: 'Sofia Verdi',
    shopName: 'Bottega Verdi Monza',
    description: 'Filiale della catena Bottega Verdi: condivide dati e magazzino; ha il pacchetto Catena ma la Dashboard Catena è solo per il capogruppo',
  },
  branch2: {
    uid: 'TY9GqC79l9B1UE8ePr5FxgmV2AjC',
    email: 'filiale2@demo.it',
    level: 'shop',
    name: 'Davide Verdi',
    shopName: 'Bottega Verdi Bergamo',
    description: 'Filiale della catena Bottega Verdi che non condivide i dati con il capogruppo (piano letto dalla vecchia collezione "plan")',
  },
  accountant: {
    uid: '6afaCLI71fNYmphNcWI9rQWOwjau',
    email: 'commercialista@demo.it',
    level: 'accountant',
    name: 'Roberta Marini',
    description: 'Commercialista di due negozi (Bottega Verdi e Alimentari Conti)',
  },
  accountantOne: {
    uid: 'QLKX783FSU8iIoELi9M4SGsfAQk7',
    email: 'commercialista.uno@demo.it',
    level: 'accountant',
    name: 'Stefano Riva',
    description: 'Commercialista di un solo negozio (Bottega Verdi Monza)',
  },
  tech: {
    uid: 'iYY6LtGAyZjHZmya9gy4ed1wPw7X',
    email: 'tecnico@demo.it',
    level: 'tech',
    name: 'Giorgio Fontana',
    description: 'Tecnico: installa e registra i negozi, ne gestisce alcuni',
  },
  admin: {
    uid: '8bbGEuRtCu6hF8DKNZkjLHnBNvDM',
    email: 'admin@demo.it',
    level: 'admin',
    name: 'Amministratore Demo',
    description: 'Amministratore: dashboard sviluppatore',
  },
  assist: {
    uid: 'oRTeJzcmP6lcPI71dC3WPmETR4bi',
    email: 'assistenza@demo.it',
    level: 'assist',
    name: 'Chiara Lombardi',
    description: 'Assistenza: pagina ticket',
  },
  newUser: {
    uid: 'PHnY4H59ikQ2lyrBIA3fytlwlqDF',
    email: 'nuovo@demo.it',
    level: 'shopRegister',
    name: 'Nuovo Utente',
    description: 'Registrato ma senza negozio (livello shopRegister): attende il tecnico',
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

export const DEMO_ACCOUNT_LIST: readonly DemoAccount[] = Object.values(DEMO_ACCOUNTS);

/** The shop accounts, in a fixed order. */
export const SHOP_ACCOUNT_KEYS = ['owner', 'fewPacks', 'basePlan', 'expired', 'grace', 'roles', 'branch1', 'branch2'] as const;
export type ShopAccountKey = (typeof SHOP_ACCOUNT_KEYS)[number];
