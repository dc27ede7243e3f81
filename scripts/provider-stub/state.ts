// In-memory state of one stub instance. Everything here is emptied by POST /__stub/reset.
import type { FailureRule } from './failures.ts';

/** A provider callback waiting to be delivered to the webhook (callbacks.ts), or kept for a retry. */
export type PendingCallback = { event: 'customer-notification' | 'supplier-invoice'; fiscalIds: string[]; data: Record<string, unknown>; attempts?: number };

/** A callback the stub delivered, with the webhook's answer (null: no answer). */
export type DeliveredCallback = { event: string; url: string; status: number | null };

export type Party = {
  business_vat_number_code: string;
  business_fiscal_code: string;
  business_name: string;
  head_office_address_street: string;
  head_office_address_street_number: string;
  head_office_address_zip_code: string;
  head_office_address_city: string;
  head_office_address_province: string;
  head_office_address_country: string;
};

export type Notification = {
  uuid: string;
  invoice_uuid: string;
  created_at: string;
  type: string;
  message: Record<string, unknown>;
  downloaded: boolean;
  downloaded_at: string | null;
  file_name: string;
};

export type StoredInvoice = {
  uuid: string;
  created_at: string;
  /** 0 = sent (customer invoice), 1 = received (supplier invoice). */
  type: 0 | 1;
  /** Raw XML for sent invoices; the snake_case JSON object for simulated supplier invoices. */
  payload: string | Record<string, unknown>;
  sender: Party;
  recipient: Party;
  invoice_number: string;
  invoice_date: string;
  notifications: Notification[];
  sdi_file_name: string;
  sdi_file_id: string;
  signed: boolean;
  legally_stored: boolean;
  preserved_document: { status: string } | null;
  downloaded: boolean;
  downloaded_at: string | null;
  marking: string;
  notice: string | null;
  retry_information: null;
  transmission_format: string;
  to_pa: boolean;
  /** The file as the SDI delivered it (a signed .p7m included) and the XML read from it, for a supplier file simulated as such. */
  rawFile?: { bytes: Uint8Array; xml: string };
};

export type RegistryConfig = {
  id: string;
  fiscal_id: string;
  name: string;
  email: string;
  apply_signature: boolean;
  apply_legal_storage: boolean;
  active: boolean;
};

export type Callback = { event: string; url: string; auth_header: string | null; field: string | null; provider_uuid: string };

export type ApiConfig = { id: string; fiscal_id: string; callbacks: Callback[] };

export type LoggedRequest = {
  seq: number;
  at: string;
  method: string;
  path: string;
  /** The route template that matched, e.g. 'GET /invoices/{uuid}'; null when no route matched. */
  route: string | null;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON when it is JSON, else null. */
  json: unknown;
  /** The status sent, or null while pending / when the stub never answered (timeout, network). */
  status: number | null;
  failure: string | null;
};

export class StubState {
  invoices = new Map<string, StoredInvoice>();
  /** How many times each exact invoice body was received since the last reset (for uuid derivation). */
  bodyCounts = new Map<string, number>();
  registry = new Map<string, RegistryConfig>();
  apiConfigs = new Map<string, ApiConfig>();
  apiConfigPosts = new Map<string, number>();
  /** Slow company lookups in progress: check id → the VAT asked and how many polls still answer PENDING. */
  companyChecks = new Map<string, { vat: string; pendingPolls: number }>();
  failures: FailureRule[] = [];
  requests: LoggedRequest[] = [];
  /** Callbacks the simulators queued, delivered before their answer (callbacks.ts), and what came of them. */
  pendingCallbacks: PendingCallback[] = [];
  deliveredCallbacks: DeliveredCallback[] = [];
  /** Deliveries the webhook did not answer 200, kept for POST /__stub/retry-callbacks (callbacks.ts). */
  retryCallbacks: PendingCallback[] = [];
  private seq = 0;

  constructor(readonly now: () => Date) {}

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  reset(): void {
    this.invoices.clear();
    this.bodyCounts.clear();
    this.registry.clear();
    this.apiConfigs.clear();
    this.apiConfigPosts.clear();
    this.companyChecks.clear();
    this.failures = [];
    this.requests = [];
    this.pendingCallbacks = [];
    this.deliveredCallbacks = [];
    this.retryCallbacks = [];
    this.seq = 0;
  }
}
