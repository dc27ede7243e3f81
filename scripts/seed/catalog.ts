/**
 * Plans, packs, per-shop packages and subscriptions (document 1 §3, §6, §9; document 3 §3).
 * Tier by price (document 1 §9): 45+ Premium, 34+ Plus, 25+ Standard, 0 Free. Base has no back office.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { packGrantDocs } from '../../src/domain/permissions/pack-grants';
import { DEMO_ACCOUNTS as A, type ShopAccountKey } from './accounts';
import { addDays, commaText, type SeedContext, type SeedDoc } from './random';

export const PACKS = {
  fatturazione: { id: 'pack-fatturazione', name: 'fatturazione', price: 12, description: 'Fatturazione elettronica verso lo SDI: bozze, invio, fatture ricevute, note di credito.' },
  profiliPersonalizzati: { id: 'pack-profili-personalizzati', name: 'profili personalizzati', price: 5, description: 'Ruoli e profili dei dipendenti su misura.' },
  aggiuntaSmart: { id: 'pack-aggiunta-smart', name: 'aggiunta smart', price: 4, description: 'Aggiunta rapida dei prodotti con foto e codice a barre.' },
  magazzino: { id: 'pack-magazzino', name: 'magazzino', price: 6, description: 'Gestione del magazzino, giacenze e scorte minime.' },
  xmlProdotti: { id: 'pack-xml-prodotti', name: 'xml prodotti', price: 4, description: 'Importazione dei prodotti dalle fatture XML dei fornitori.' },
  analisi: { id: 'pack-analisi', name: 'analisi', price: 6, description: 'Analisi avanzate delle vendite.' },
  listini: { id: 'pack-listini', name: 'listini', price: 3, description: 'Listini prezzi multipli (listino 2 e 3).' },
  profiliBase: { id: 'pack-profili-base', name: 'profili base', price: 0, description: 'Profili dipendente essenziali.' },
  catena: { id: 'pack-catena', name: 'Catena', price: 15, description: 'Gestione di più negozi in catena con dashboard del capogruppo.' },
  statistiche: { id: 'pack-statistiche', name: 'Statistiche', price: 6, description: 'Statistiche di vendita, clienti e prodotti.' },
} as const;

const P = PACKS;
const STANDARD_PACKS = [P.profiliBase.id, P.magazzino.id, P.listini.id];
const PLUS_PACKS = [...STANDARD_PACKS, P.fatturazione.id, P.xmlProdotti.id, P.aggiuntaSmart.id];
const PREMIUM_PACKS = [...PLUS_PACKS, P.analisi.id, P.statistiche.id, P.profiliPersonalizzati.id];

export const PLAN_IDS = {
  base: 'plan-base',
  standard: 'plan-standard',
  plus: 'plan-plus',
  premium: 'plan-premium',
  standard2023: 'plan-standard-2023',
  legacyPro: 'plan-legacy-pro',
} as const;

function plans(): SeedDoc[] {
  const plan = (id: string, data: Record<string, unknown>): SeedDoc => ({ collection: COLLECTIONS.plan, id, data });
  return [
    plan(PLAN_IDS.base, { name: 'Base', price: 0, tier: 'base', slug: 'base', includedPacks: [], description: 'Solo app di cassa, senza accesso al backoffice.' }),
    plan(PLAN_IDS.standard, { name: 'Standard', price: 29, tier: 'standard', slug: 'standard', includedPacks: STANDARD_PACKS, description: 'Cassa, magazzino e listini.' }),
    plan(PLAN_IDS.plus, { name: 'Plus', price: 39, tier: 'plus', slug: 'plus', includedPacks: PLUS_PACKS, description: 'Standard più fatturazione elettronica e importazione XML.' }),
    plan(PLAN_IDS.premium, { name: 'Premium', price: 49, tier: 'premium', slug: 'premium', includedPacks: PREMIUM_PACKS, description: 'Tutte le funzioni, con analisi e statistiche.' }),
    // Legacy: pack list under `packs`, price as text, no tier or slug.
    plan(PLAN_IDS.standard2023, { name: 'Standard 2023', price: '25,00', packs: STANDARD_PACKS, description: 'Vecchio listino, non più in vendita.' }),
    // Legacy: only in the lower-case collection (document 1 §7 fallback).
    { collection: COLLECTIONS.planFallback, id: PLAN_IDS.legacyPro, data: { name: 'Pro', price: 35, packs: [P.profiliBase.id, P.magazzino.id, P.fatturazione.id, P.listini.id] } },
  ];
}

function packs(): SeedDoc[] {
  return Object.values(PACKS).map(({ id, ...data }) => ({ collection: COLLECTIONS.pack, id, data: { ...data } }));
}

/** The index the rules read to enforce the packs: derived from the packs, as the developer dashboard does. */
function packGrants(): SeedDoc[] {
  const grants = packGrantDocs(Object.values(PACKS).map(({ id, name }) => ({ id, name })));
  return Object.entries(grants).map(([id, data]) => ({ collection: COLLECTIONS.packGrant, id, data: { ...data } }));
}

function packages(): SeedDoc[] {
  const pkg = (id: string, shopId: string, name: string, description: string): SeedDoc => ({ collection: COLLECTIONS.packages, id, data: { shopId, name, description } });
  return [
    pkg('pkg-owner-kit', A.owner.uid, 'Kit cassa completo', 'iPad, stampante fiscale Epson FP-81 II, cassetto e lettore di codici a barre.'),
    pkg('pkg-owner-formazione', A.owner.uid, 'Installazione e formazione', 'Installazione in negozio e due ore di formazione al personale.'),
    pkg('pkg-roles-bilancia', A.roles.uid, 'Bilancia collegata', 'Bilancia etichettatrice collegata alla cassa.'),
    pkg('pkg-fewpacks-kit', A.fewPacks.uid, 'Kit cassa base', 'iPad e stampante fiscale.'),
  ];
}

export const SUBSCRIPTION_IDS: Record<ShopAccountKey, string> = {
  owner: 'sub-negozio',
  fewPacks: 'sub-pochipacchetti',
  basePlan: 'sub-base',
  expired: 'sub-scaduto',
  grace: 'sub-grazia',
  roles: 'sub-ruoli',
  branch1: 'sub-filiale1',
  branch2: 'sub-filiale2',
};

export const PROPOSAL_ID = 'sub-pochipacchetti-proposta';

function subscriptions({ now }: SeedContext): SeedDoc[] {
  const sub = (key: ShopAccountKey, plan: string, packIds: string[], startDays: number, expiryDays: number, price: number | string, extra: Record<string, unknown> = {}): SeedDoc => ({
    collection: COLLECTIONS.shopSubscription,
    id: SUBSCRIPTION_IDS[key],
    data: {
      shopId: A[key].uid,
      userId: A[key].uid,
      plan,
      packs: packIds,
      startingDate: addDays(now, startDays),
      expiringDate: addDays(now, expiryDays),
      price,
      status: 'active',
      createdBy: A.tech.uid,
      createdAt: addDays(now, startDays - 1),
      ...extra,
    },
  });
  const all = Object.values(PACKS).map((p) => p.id);
  const branch1 = sub('branch1', PLAN_IDS.standard, [P.catena.id], -100, 60, commaText(29));
  // Legacy record: startDate instead of startingDate, no status, price as text.
  delete branch1.data.startingDate;
  delete branch1.data.status;
  branch1.data.startDate = addDays(now, -100);
  return [
    sub('owner', PLAN_IDS.premium, all, -160, 200, 64),
    sub('fewPacks', PLAN_IDS.standard, [P.aggiuntaSmart.id], -85, 5, 33),
    sub('basePlan', PLAN_IDS.base, [], -30, 300, 0),
    sub('expired', PLAN_IDS.plus, [], -132, -40, 39),
    // In grace with Fatturazione: the demo of 'expired but still within the 15 days' keeps invoicing.
    sub('grace', PLAN_IDS.standard, [P.fatturazione.id], -97, -5, 29),
    sub('roles', PLAN_IDS.plus, [P.statistiche.id, P.profiliPersonalizzati.id], -60, 120, 50),
    branch1,
    sub('branch2', PLAN_IDS.legacyPro, [], -40, 90, 35),
    {
      collection: COLLECTIONS.shopSubscription,
      id: PROPOSAL_ID,
      data: {
        shopId: A.fewPacks.uid,
        userId: A.fewPacks.uid,
        plan: PLAN_IDS.plus,
        packs: [...PLUS_PACKS, P.statistiche.id],
        status: 'proposed',
        proposedStartingDate: addDays(now, 5),
        proposedExpiringDate: addDays(now, 97),
        proposedPrice: 45,
        createdBy: A.tech.uid,
        createdAt: addDays(now, -2),
        updatedBy: A.tech.uid,
        updatedAt: addDays(now, -1),
      },
    },
  ];
}

export function catalogDocs(ctx: SeedContext): SeedDoc[] {
  return [...plans(), ...packs(), ...packGrants(), ...packages(), ...subscriptions(ctx)];
}
