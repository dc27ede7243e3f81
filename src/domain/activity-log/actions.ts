/**
 * The one typed list of activity-log action and module names. Document 1 §9 names the first ones; every feature
 * that logs a write adds its own here (one list, so the log viewer's filters and the features never disagree).
 */
export const LOG_MODULES = ['warehouse', 'invoices', 'auth', 'general', 'privacy', 'customers', 'sales', 'settings', 'ddt', 'zreport', 'shop', 'product', 'developer', 'tickets', 'export'] as const;
export type LogModule = (typeof LOG_MODULES)[number];

/** Italian labels for the viewer's module filter. */
export const LOG_MODULE_LABELS: Record<LogModule, string> = {
  warehouse: 'Magazzino',
  invoices: 'Fatture',
  auth: 'Accesso',
  general: 'Generale',
  privacy: 'Privacy',
  customers: 'Clienti',
  sales: 'Vendite',
  settings: 'Impostazioni',
  ddt: 'DDT',
  zreport: 'Chiusura cassa',
  shop: 'Negozio',
  product: 'Prodotti',
  developer: 'Area sviluppatore',
  tickets: 'Ticket',
  export: 'Esportazioni',
};

export const LOG_ACTIONS = [
  // Document 1 §9.
  'product_add',
  'product_delete',
  'product_update',
  'csv_import',
  'warehouse_import',
  'invoice_sent',
  'file_upload',
  'employee_login',
  'login_success',
  'cookie_consent_accept',
  'cookie_consent_reject',
  // Features beyond the §9 list (each added by the feature that writes it).
  'csv_price_update',
  // Settings, users and accountants.
  'shop_type_update',
  'backoffice_roles_update',
  'password_change',
  'chain_master_enabled',
  'chain_join',
  'chain_leave',
  'invoice_counter_update',
  // Cash closings.
  'business_day_cutoff_update',
  'employee_add',
  'employee_update',
  'employee_delete',
  'accountant_register',
  // Customers.
  'customer_add',
  'customer_update',
  'customer_delete',
  // Delivery notes.
  'ddt_draft_saved',
  'ddt_draft_deleted',
  'ddt_confirmed',
  'ddt_cancelled',
  'ddt_invoiced',
  // Warehouse.
  'bulk_price_update',
  'product_merge',
  // Invoices: every write of the invoices screens besides the send.
  'invoice_read',
  'invoice_paid',
  'invoice_sender_saved',
  'invoice_warehouse_marked',
  'invoice_draft_created',
  'invoice_draft_updated',
  'invoice_drafts_merged',
  'invoice_draft_deleted',
  'invoice_draft_restored',
  'invoice_draft_purged',
  'invoice_reverted',
  'invoice_buyer_told',
  'credit_note_created',
  // Developer dashboard (document 3 §3 'Other log actions').
  'subscription_approved',
  'plan_created',
  'plan_updated',
  'pack_created',
  'pack_updated',
  'technicians_updated',
  'technician_assigned',
  // The fiscal-identity registry, admins' decisions.
  'fiscal_id_claimed',
  'fiscal_id_shared',
  'fiscal_id_unshared',
  'fiscal_id_assigned',
  'technician_created',
  'announcement_created',
  'changed_price_flagged',
  'tickets_imported',
  'db_migration',
  'discount_backfill',
  'quarantine_released',
  // Technician area (document 3 §3 'Audit actions written from the technician page').
  'shop_registered',
  'shop_access',
  'shop_tab_change',
  'shop_update',
  'shop_update_error',
  'plan_selected',
  'pack_selected',
  'pack_unselected',
  'subscription_proposed',
  'device_ping_request',
  'device_ping_result',
  'device_ping_timeout',
  'openapi_configured',
  'openapi_config_error',
  // Support tickets and the chain dashboard.
  'ticket_created',
  'ticket_updated',
  'ticket_read',
  'ticket_replied',
  'chain_member_removed',
  'chain_data_access_update',
  // Written server-side by the provider webhook (functions/).
  'invoice_received',
  'invoice_notification',
  // The accountant's package of a month or quarter, downloaded.
  'month_package_downloaded',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/**
 * Entries every sign-in writes (the access, the cookie choice): a log viewer hides them unless asked, so the actions
 * that change the shop's data are not buried under them.
 */
export const ROUTINE_ACTIONS: readonly LogAction[] = ['login_success', 'cookie_consent_accept', 'cookie_consent_reject'];

export function isRoutineAction(action: string): boolean {
  return (ROUTINE_ACTIONS as readonly string[]).includes(action);
}

/** Italian labels for the viewer (every action must have one: adding an action means adding its label). */
export const LOG_ACTION_LABELS: Record<LogAction, string> = {
  product_add: 'Prodotto aggiunto',
  product_delete: 'Prodotto eliminato',
  product_update: 'Prodotto modificato',
  csv_import: 'Importazione CSV',
  warehouse_import: 'Carico in magazzino',
  invoice_sent: 'Fattura inviata',
  file_upload: 'File caricato',
  employee_login: 'Accesso dipendente',
  login_success: 'Accesso',
  cookie_consent_accept: 'Consenso cookie accettato',
  cookie_consent_reject: 'Consenso cookie rifiutato',
  csv_price_update: 'Aggiornamento prezzi da CSV',
  shop_type_update: 'Tipo negozio modificato',
  backoffice_roles_update: 'Ruoli backoffice modificati',
  password_change: 'Password modificata',
  chain_master_enabled: 'Negozio diventato capogruppo',
  chain_join: 'Ingresso in un gruppo',
  chain_leave: 'Uscita dal gruppo',
  invoice_counter_update: 'Contatore fatture modificato',
  business_day_cutoff_update: 'Fine della giornata contabile modificata',
  employee_add: 'Dipendente aggiunto',
  employee_update: 'Dipendente modificato',
  employee_delete: 'Dipendente eliminato',
  accountant_register: 'Commercialista registrato',
  customer_add: 'Cliente aggiunto',
  customer_update: 'Cliente modificato',
  customer_delete: 'Cliente eliminato',
  ddt_draft_saved: 'DDT salvato in bozza',
  ddt_draft_deleted: 'Bozza DDT eliminata',
  ddt_confirmed: 'DDT confermato',
  ddt_cancelled: 'DDT annullato',
  ddt_invoiced: 'DDT fatturati (fattura differita)',
  bulk_price_update: 'Variazione prezzi in blocco',
  product_merge: 'Prodotti ripetuti fusi',
  invoice_read: 'Fattura segnata come letta',
  invoice_paid: 'Fattura segnata come pagata',
  invoice_sender_saved: 'Mittente salvato come cliente',
  invoice_warehouse_marked: 'Fattura segnata come già in magazzino',
  invoice_draft_created: 'Bozza di fattura creata da scontrino',
  invoice_draft_updated: 'Bozza di fattura modificata',
  invoice_drafts_merged: 'Bozze di fattura unite',
  invoice_draft_deleted: 'Bozza di fattura cestinata',
  invoice_draft_restored: 'Bozza di fattura ripristinata',
  invoice_draft_purged: 'Bozza di fattura eliminata definitivamente',
  invoice_reverted: 'Fattura riportata in bozza',
  invoice_buyer_told: 'Cliente avvisato della fattura non consegnata',
  credit_note_created: 'Nota di credito creata',
  subscription_approved: 'Proposta di abbonamento approvata',
  plan_created: 'Piano creato',
  plan_updated: 'Piano modificato',
  pack_created: 'Pacchetto creato',
  pack_updated: 'Pacchetto modificato',
  technicians_updated: 'Lista tecnici modificata',
  technician_assigned: 'Tecnico assegnato',
  fiscal_id_claimed: 'Partita IVA registrata',
  fiscal_id_shared: 'Partita IVA condivisa',
  fiscal_id_unshared: 'Condivisione partita IVA revocata',
  fiscal_id_assigned: 'Partita IVA assegnata',
  technician_created: 'Tecnico creato',
  announcement_created: 'Annuncio pubblicato',
  changed_price_flagged: 'Prezzi variati segnalati',
  tickets_imported: 'Ticket importati da file JSON',
  db_migration: 'Migrazione del database',
  discount_backfill: 'Sconto vuoto aggiunto ai prodotti',
  quarantine_released: 'Fattura fornitore in quarantena assegnata a un negozio',
  shop_registered: 'Negozio registrato dal tecnico',
  shop_access: 'Scheda negozio aperta',
  shop_tab_change: 'Sezione della scheda negozio cambiata',
  shop_update: 'Dettagli negozio modificati',
  shop_update_error: 'Errore nel salvataggio dei dettagli negozio',
  plan_selected: 'Piano selezionato',
  pack_selected: 'Pacchetto selezionato',
  pack_unselected: 'Pacchetto deselezionato',
  subscription_proposed: 'Rinnovo proposto',
  device_ping_request: 'Ping richiesto',
  device_ping_result: 'Esito del ping',
  device_ping_timeout: 'Ping senza risposta (timeout)',
  openapi_configured: 'Configurazione OpenAPI completata',
  openapi_config_error: 'Errore nella configurazione OpenAPI',
  ticket_created: 'Ticket creato',
  ticket_updated: 'Ticket aggiornato',
  ticket_read: 'Ticket letto',
  ticket_replied: 'Risposta a un ticket',
  chain_member_removed: 'Negozio rimosso dal gruppo',
  chain_data_access_update: 'Condivisione dei dati con il capogruppo modificata',
  invoice_received: 'Fattura ricevuta dal fornitore',
  invoice_notification: 'Notifica SDI ricevuta',
  month_package_downloaded: 'Pacchetto del mese per il commercialista scaricato',
};

/**
 * The developer dashboard's User Logs filters (document 3 §9): actions and modules as the POS app, the
 * technician page and the back office write them.
 */
export const USER_LOG_FILTER_ACTIONS = ['shop_update', 'product_update', 'csv_price_update', 'csv_discount_import', 'csv_import', 'login', 'logout'] as const;
export const USER_LOG_FILTER_MODULES = ['auth', 'shop', 'product', 'warehouse'] as const;

/** Labels of actions other clients write (the POS app, the technician page) that this app does not. */
export const EXTERNAL_ACTION_LABELS: Record<string, string> = {
  csv_discount_import: 'Importazione sconti da CSV',
  login: 'Accesso',
  logout: 'Uscita',
};

export function isLogAction(value: string): value is LogAction {
  return (LOG_ACTIONS as readonly string[]).includes(value);
}
