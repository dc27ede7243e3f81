// The route table of the provider stub: SDI, Company and the pending-shops cloud function.
import { checkCompanyLookup, lookupCompany } from './company.ts';
import type { StubRequest, StubResponse } from './http.ts';
import { PENDING_SHOPS, pendingShopsAnswer } from './pending-shops.ts';
import { activateRegistry, deleteApiConfig, deleteRegistry, getRegistry, listApiConfigs, listRegistry, postApiConfig, postRegistry } from './sdi-config.ts';
import { downloadInvoice, getInvoice, getNotifications, listInvoices, postInvoice, refuseInvalidXsd, simulateNotification, simulateSupplierInvoice, simulateSupplierInvoiceFile } from './sdi-invoices.ts';
import type { StubState } from './state.ts';

export type Route = {
  method: string;
  template: string;
  /** Bearer token required. */
  auth: boolean;
  /** Answers use the Openapi envelope {data, success, message, error}. */
  envelope: boolean;
  handle: (state: StubState, req: StubRequest) => StubResponse;
  /** Checks that need time (the XSD): an answer here replaces the handler's. Runs only when no failure is injected. */
  validate?: (req: StubRequest) => Promise<StubResponse | null>;
};

export const PENDING_SHOPS_PATH = '/pendingShops';
/** The form's sheet itself, which the pendingShops function reads (PENDING_SHOPS_SOURCE_URL). */
export const PENDING_SHOPS_SHEET_PATH = '/pendingShops/sheet';

const sdi = (method: string, template: string, handle: Route['handle'], validate?: Route['validate']): Route => ({ method, template, auth: true, envelope: true, handle, validate });

export const ROUTES: Route[] = [
  sdi('POST', '/invoices', (s, r) => postInvoice(s, r, { signed: false, legalStorage: false }), refuseInvalidXsd),
  sdi('POST', '/invoices_signature', (s, r) => postInvoice(s, r, { signed: true, legalStorage: false }), refuseInvalidXsd),
  sdi('POST', '/invoices_legal_storage', (s, r) => postInvoice(s, r, { signed: false, legalStorage: true }), refuseInvalidXsd),
  sdi('POST', '/invoices_signature_legal_storage', (s, r) => postInvoice(s, r, { signed: true, legalStorage: true }), refuseInvalidXsd),
  sdi('GET', '/invoices', listInvoices),
  sdi('GET', '/invoices/{uuid}', getInvoice),
  sdi('GET', '/invoices_download/{uuid}', downloadInvoice),
  sdi('GET', '/invoices_notifications/{uuid}', getNotifications),
  sdi('POST', '/simulate/customer-notification', simulateNotification),
  sdi('POST', '/simulate/supplier-invoice', simulateSupplierInvoice),
  sdi('POST', '/simulate/supplier-invoice-file', simulateSupplierInvoiceFile),
  sdi('POST', '/business_registry_configurations', postRegistry),
  sdi('GET', '/business_registry_configurations', (s) => listRegistry(s)),
  sdi('GET', '/business_registry_configurations/{fiscal_id}', getRegistry),
  sdi('DELETE', '/business_registry_configurations/{fiscal_id}', deleteRegistry),
  sdi('PATCH', '/business_registry_configurations/{fiscal_id}/activate', activateRegistry),
  sdi('POST', '/api_configurations', postApiConfig),
  sdi('GET', '/api_configurations', listApiConfigs),
  sdi('DELETE', '/api_configurations/{id}', deleteApiConfig),
  sdi('GET', '/IT-aml/{vat}', lookupCompany),
  sdi('GET', '/IT-check_id/{id}', checkCompanyLookup),
  // The cloud function: a bare JSON array, no envelope; the caller's Firebase ID token, not the stub's.
  { method: 'GET', template: PENDING_SHOPS_PATH, auth: false, envelope: false, handle: (_s, r) => pendingShopsAnswer(r) },
  // The sheet the function reads: every entry, every field.
  { method: 'GET', template: PENDING_SHOPS_SHEET_PATH, auth: false, envelope: false, handle: () => ({ status: 200, kind: 'json', body: PENDING_SHOPS }) },
];

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches a path against a template such as '/invoices/{uuid}'; a parameter may be empty. */
function matchTemplate(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index] ?? '';
    const param = /^\{(\w+)\}$/.exec(segment);
    if (param?.[1] !== undefined) params[param[1]] = safeDecode(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchTemplate(route.template, path);
    if (params) return { route, params };
  }
  return null;
}
