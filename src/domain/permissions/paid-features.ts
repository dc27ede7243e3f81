/**
 * The in-page actions that belong to a paid pack and the one decision each of them asks: the same
 * decidePack as the route guard and the server (pack-access.ts), so an expired shop past the 15-day grace sees no
 * action it cannot complete, and the route guard's text (document 3 §2.1, §6) where it would try.
 */
import { decidePack, type PackDenial } from './pack-access';
import { packDeniedMessage } from './packs';

export const PAID_FEATURES = {
  /** 'Crea fattura' on a receipt (/sales → Apri). */
  invoiceFromReceipt: 'Fatturazione',
  /** 'Crea fattura differita' from confirmed DDTs (/ddt). */
  deferredInvoice: 'Fatturazione',
  /** The invoice folders of the accountant's month package. */
  accountantInvoices: 'Fatturazione',
  /** Price lists (listino 2 and 3) and bulk price changes (/warehouse). */
  priceLists: 'listini',
  /** Products' CSV/XML import (/warehouse). */
  productImport: 'xml prodotti',
  /** The Catena/Gruppo tab of /settings and its link to the chain dashboard. */
  chainSettings: 'Catena',
  /** The chain dashboard (/chain-dashboard) and the links to it. */
  chainDashboard: 'Catena',
  /** The CSV exports of /statistics. */
  statisticsExport: 'Statistiche',
  /** Storing the daily summaries a look at /statistics or /zreport computed (rules: shopHasPack 'statistiche'). */
  saleDaySummaries: 'Statistiche',
} as const;

export type PaidFeature = keyof typeof PAID_FEATURES;

/** What the permission store knows of the active shop (the same shape the route guard reads). */
export interface PermissionsView {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  packNames: readonly string[];
  blocked: boolean;
}

/**
 * 'wait': the permissions are not known yet (nothing is offered, nothing is refused); 'deny' carries the text
 * the screen shows where the user would act. Permissions that failed to load grant nothing.
 */
export type FeatureDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'deny'; reason: PackDenial; message: string };

export function decideFeature(permissions: PermissionsView, feature: PaidFeature): FeatureDecision {
  if (permissions.status === 'idle' || permissions.status === 'loading') return { kind: 'wait' };
  const pack = PAID_FEATURES[feature];
  const grant = permissions.status === 'loaded' ? { packNames: permissions.packNames, blocked: permissions.blocked } : undefined;
  const access = decidePack(grant, pack);
  if (access.allowed) return { kind: 'allow' };
  return { kind: 'deny', reason: access.reason, message: packDeniedMessage(pack, access.reason) };
}
