/**
 * Shop (document 1 §3, document 2 §3, document 3 §3), keyed by the owner's user id: the stored shape and its reading,
 * without Firebase imports (pure, like pack-doc.ts; shop.ts holds the converter and references). This is the
 * one place that decides which legacy spelling gives the shop's P.IVA, fiscal code, address, CAP, regime and nation:
 * the FatturaPA seller and every screen read the Shop it returns.
 */
import { cutoffMinutes, DEFAULT_BUSINESS_DAY_CUTOFF, normalizeCutoff } from '@/domain/zreport/business-day';
import { DEFAULT_DDT_CODE, ddtCodeOf } from '@/domain/ddt/ddt';
import { normalizeDevices, toFirestoreDevice, type Device } from './device';
import { asRecord, compact, pick, toBool, toDate, toId, toIdList, toInt, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export type CashmaticProtocol = 'https' | 'http';

export interface ShopSettings {
  /** Partita IVA as entered in the settings (read also from the shop's pIva / vatNumber). */
  pIva: string;
  printerIp: string;
  secondPrinterIp: string;
  imageScraping: boolean;
  /** DDT code; registration default 11. */
  codeDdt: number;
  /**
   * The NEXT invoice progressive to hand out (stored as `settings.invoiceNumber`, text, by the POS app: the stored
   * name stays for POS compatibility, DESIGN.md). Unreadable text reads as 0.
   */
  nextInvoiceNumber: number;
  /** The LAST credit-note progressive taken (stored as `settings.creditNoteNumber`); 0 before the first NC-1. */
  lastCreditNoteNumber: number;
  posHost: string;
  posPort: string;
  posTid: string;
  automaticPosSale: boolean;
  cashmaticEnabled: boolean;
  cashmaticServerIP: string;
  cashmaticPort: string;
  cashmaticProtocol: CashmaticProtocol;
  cashmaticUsername: string;
  cashmaticPassword: string;
  cashmaticTotalMoney: number;
  cashmaticLastUpdate?: Date;
  backofficeRoles: boolean;
  /**
   * 'HH:MM' after midnight until which sales and closings count on the day before (/zreport);
   * written by the owner. Missing or unreadable reads as DEFAULT_BUSINESS_DAY_CUTOFF.
   */
  businessDayCutoff: string;
}

export interface ChainSettings {
  allowMemberDataAccess: boolean;
  shareInventory: boolean;
}

export interface Shop {
  /** Document id = the owner's user id. */
  id: string;
  /** The stored owner id; the document id when the field is missing (see userIdMissing). */
  userId: string;
  /** True when the document has no userId of its own (the developer dashboard refuses to load its logs). */
  userIdMissing?: boolean;
  name: string;
  ragioneSociale?: string;
  address: string;
  city: string;
  province: string;
  zipCode: string;
  country: string;
  phone: string;
  /** One value for pIva / vatNumber / settings.pIva. */
  partitaIva: string;
  codiceFiscale?: string;
  /** Regime fiscale; default RF01. */
  taxRegime: string;
  shopImage?: string;
  shopType?: string;
  emailUser?: string;
  openApi: boolean;
  subscriptionId?: string;
  accountants: string[];
  /** Technician user ids, whether stored as ids or as objects {id|uid|techId...}. */
  technicians: string[];
  assignedTech?: string;
  trustedTech?: string;
  isChainMaster: boolean;
  /** Master shop id, or null when not in a group. */
  shopGroup: string | null;
  chainSettings?: ChainSettings;
  devices: Record<string, Device>;
  settings: ShopSettings;
  createdAt?: Date;
  updatedAt?: Date;
}

export const DEFAULT_CODE_DDT = DEFAULT_DDT_CODE;
export const DEFAULT_INVOICE_NUMBER = 39;
export const DEFAULT_TAX_REGIME = 'RF01';
export { DEFAULT_BUSINESS_DAY_CUTOFF };

function normalizeSettings(raw: RawDoc, shop: RawDoc): ShopSettings {
  return {
    pIva: toStr(pick(raw, 'pIva', 'vatNumber', 'partitaIva') ?? pick(shop, 'pIva', 'vatNumber')).trim(),
    printerIp: toStr(raw.printerIp).trim(),
    secondPrinterIp: toStr(raw.secondPrinterIp).trim(),
    imageScraping: toBool(raw.imageScraping),
    // Read as the rules read it (a confirmation's printed number is checked against it).
    codeDdt: ddtCodeOf(raw.codeDdt),
    nextInvoiceNumber: Math.max(0, toInt(raw.invoiceNumber, 0)),
    lastCreditNoteNumber: Math.max(0, toInt(raw.creditNoteNumber, 0)),
    posHost: toStr(raw.posHost).trim(),
    posPort: toStr(raw.posPort).trim(),
    posTid: toStr(raw.posTid).trim(),
    automaticPosSale: toBool(raw.automaticPosSale),
    cashmaticEnabled: toBool(raw.cashmaticEnabled),
    cashmaticServerIP: toStr(raw.cashmaticServerIP).trim(),
    cashmaticPort: toStr(raw.cashmaticPort).trim(),
    cashmaticProtocol: toStr(raw.cashmaticProtocol).trim().toLowerCase() === 'http' ? 'http' : 'https',
    cashmaticUsername: toStr(raw.cashmaticUsername),
    cashmaticPassword: toStr(raw.cashmaticPassword),
    cashmaticTotalMoney: toNumber(raw.cashmaticTotalMoney, 0),
    cashmaticLastUpdate: toDate(raw.cashmaticLastUpdate),
    backofficeRoles: toBool(raw.backofficeRoles),
    businessDayCutoff: normalizeCutoff(raw.businessDayCutoff),
  };
}

/** The shop's business-day cut-off in minutes after midnight (settings.businessDayCutoff, normalised to a valid 'HH:MM'). */
export function businessDayCutoffMinutes(shop: Pick<Shop, 'settings'>): number {
  return cutoffMinutes(shop.settings.businessDayCutoff) ?? 0;
}

export function normalizeShop(id: string, raw: RawDoc): Shop {
  const settings = normalizeSettings(asRecord(raw.settings), raw);
  const chain = raw.chainSettings === undefined ? undefined : asRecord(raw.chainSettings);
  return {
    id,
    userId: toOptStr(raw.userId) ?? id,
    ...(toOptStr(raw.userId) === undefined ? { userIdMissing: true } : {}),
    name: toStr(raw.name).trim(),
    ragioneSociale: toOptStr(raw.ragioneSociale),
    address: toStr(raw.address).trim(),
    city: toStr(raw.city).trim(),
    province: toStr(raw.province).trim(),
    zipCode: toStr(pick(raw, 'zipCode', 'cap', 'zip')).trim(),
    country: (toOptStr(pick(raw, 'country', 'nation')) ?? 'IT').toUpperCase(),
    phone: toStr(raw.phone).trim(),
    // settings.pIva is what the technician edits; the top-level pIva / vatNumber are read when it is empty.
    partitaIva: settings.pIva,
    codiceFiscale: toOptStr(pick(raw, 'codiceFiscale', 'cf', 'taxCode'))?.toUpperCase(),
    taxRegime: (toOptStr(pick(raw, 'taxRegime', 'regimeFiscale')) ?? DEFAULT_TAX_REGIME).toUpperCase(),
    shopImage: toOptStr(raw.shopImage),
    shopType: toOptStr(raw.shopType),
    emailUser: toOptStr(raw.emailUser),
    openApi: toBool(raw.openApi),
    subscriptionId: toOptStr(raw.subscriptionId),
    accountants: toIdList(raw.accountants),
    technicians: toIdList(raw.technicians),
    assignedTech: toId(raw.assignedTech),
    trustedTech: toId(raw.trustedTech),
    isChainMaster: toBool(raw.isChainMaster),
    shopGroup: toId(raw.shopGroup) ?? null,
    chainSettings: chain && {
      allowMemberDataAccess: toBool(chain.allowMemberDataAccess, true),
      shareInventory: toBool(chain.shareInventory, false),
    },
    devices: normalizeDevices(raw.devices),
    settings,
    createdAt: toDate(raw.createdAt),
    updatedAt: toDate(raw.updatedAt),
  };
}

export function toFirestoreSettings(s: ShopSettings): RawDoc {
  const { nextInvoiceNumber, lastCreditNoteNumber, ...rest } = s;
  return compact({
    ...rest,
    // The stored names the POS app reads; it stores the invoice counter as text (document 3 §3).
    invoiceNumber: String(nextInvoiceNumber),
    creditNoteNumber: lastCreditNoteNumber,
  });
}

export function toFirestoreShop(shop: Shop): RawDoc {
  const devices: RawDoc = {};
  for (const [deviceId, device] of Object.entries(shop.devices)) devices[deviceId] = toFirestoreDevice(device);
  return compact({
    userId: shop.userId,
    name: shop.name,
    ragioneSociale: shop.ragioneSociale,
    address: shop.address,
    city: shop.city,
    province: shop.province,
    zipCode: shop.zipCode,
    country: shop.country,
    phone: shop.phone,
    // Readers exist for all three names (documents 1–3); keep them equal.
    pIva: shop.partitaIva,
    vatNumber: shop.partitaIva,
    codiceFiscale: shop.codiceFiscale,
    taxRegime: shop.taxRegime,
    shopImage: shop.shopImage,
    shopType: shop.shopType,
    emailUser: shop.emailUser,
    openApi: shop.openApi,
    subscriptionId: shop.subscriptionId,
    accountants: shop.accountants,
    technicians: shop.technicians,
    assignedTech: shop.assignedTech ?? '',
    trustedTech: shop.trustedTech,
    isChainMaster: shop.isChainMaster,
    shopGroup: shop.shopGroup,
    chainSettings: shop.chainSettings,
    devices,
    settings: toFirestoreSettings({ ...shop.settings, pIva: shop.partitaIva || shop.settings.pIva }),
    createdAt: shop.createdAt,
    updatedAt: shop.updatedAt,
  });
}
