/**
 * User, Shop (with settings and devices) and Employe documents for the demo accounts (document 1 §3,
 * document 3 §3). Shop documents are keyed by the owner's uid.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A, DEMO_ACCOUNT_LIST, type ShopAccountKey } from './accounts';
import { SUBSCRIPTION_IDS } from './catalog';
import { addDays, addMinutes, partitaIva, type SeedContext, type SeedDoc } from './random';

interface ShopInfo {
  ragioneSociale: string;
  address: string;
  city: string;
  province: string;
  zipCode: string;
  phone: string;
  vat: string;
  shopType: string;
}

export const SHOP_INFO: Record<ShopAccountKey, ShopInfo> = {
  owner: { ragioneSociale: 'Bottega Verdi S.r.l.', address: 'Via Paolo Sarpi 14', city: 'Milano', province: 'MI', zipCode: '20154', phone: '02 3456 7812', vat: partitaIva('0812345015'), shopType: 'Food' },
  fewPacks: { ragioneSociale: 'Ferramenta Colombo di Anna Colombo', address: 'Corso Vercelli 88', city: 'Torino', province: 'TO', zipCode: '10155', phone: '011 248 9031', vat: partitaIva('1034567001'), shopType: 'Home' },
  basePlan: { ragioneSociale: 'Edicola Russo di Ciro Russo', address: 'Via Toledo 201', city: 'Napoli', province: 'NA', zipCode: '80134', phone: '081 552 1190', vat: partitaIva('0765432063'), shopType: 'Books' },
  expired: { ragioneSociale: 'Profumeria Greco S.n.c.', address: 'Via Sparano da Bari 45', city: 'Bari', province: 'BA', zipCode: '70121', phone: '080 521 7764', vat: partitaIva('0698765072'), shopType: 'Beauty' },
  grace: { ragioneSociale: 'Libreria Ferri di Luca Ferri', address: 'Via Zamboni 9', city: 'Bologna', province: 'BO', zipCode: '40126', phone: '051 223 4456', vat: partitaIva('0323456037'), shopType: 'Books' },
  roles: { ragioneSociale: 'Alimentari Conti S.a.s.', address: 'Borgo San Frediano 31', city: 'Firenze', province: 'FI', zipCode: '50124', phone: '055 219 8870', vat: partitaIva('0587654048'), shopType: 'Food' },
  branch1: { ragioneSociale: 'Bottega Verdi S.r.l. - sede di Monza', address: 'Via Italia 22', city: 'Monza', province: 'MB', zipCode: '20900', phone: '039 232 1180', vat: partitaIva('0812346015'), shopType: 'Food' },
  branch2: { ragioneSociale: 'Bottega Verdi S.r.l. - sede di Bergamo', address: 'Via XX Settembre 61', city: 'Bergamo', province: 'BG', zipCode: '24122', phone: '035 246 6612', vat: partitaIva('0812347016'), shopType: 'Food' },
};

/** Employe ids, for sales and logs. The technician's own record in each shop has id 'emp-{shop}-tecnico'. */
export const EMPLOYEES = {
  owner: [
    { id: 'emp-negozio-luca', name: 'Luca', surname: 'Ferrari', pin: '5678', roleLevel: '1', roleName: 'Responsabile' },
    // Legacy: roleLevel as a number and an empty PIN.
    { id: 'emp-negozio-sara', name: 'Sara', surname: 'Galli', pin: '', roleLevel: 2, roleName: 'Cassiere' },
  ],
  roles: [
    { id: 'emp-ruoli-giulia', name: 'Giulia', surname: 'Rossi', pin: '1234', roleLevel: '3', roleName: 'Cassiere' },
    { id: 'emp-ruoli-marco', name: 'Marco', surname: 'Bianchi', roleLevel: '5', roleName: 'Magazziniere' },
  ],
  fewPacks: [{ id: 'emp-pochipacchetti-anna', name: 'Anna', surname: 'Colombo', pin: '2468', roleLevel: '1', roleName: 'Titolare' }],
  branch1: [{ id: 'emp-filiale1-sofia', name: 'Sofia', surname: 'Verdi', pin: '1357', roleLevel: '1', roleName: 'Responsabile' }],
  branch2: [{ id: 'emp-filiale2-davide', name: 'Davide', surname: 'Verdi', roleLevel: '1', roleName: 'Responsabile' }],
} as const;

const TECH_RECORD_SHOPS: ShopAccountKey[] = ['owner', 'fewPacks', 'roles', 'basePlan'];

function users({ now }: SeedContext): SeedDoc[] {
  return DEMO_ACCOUNT_LIST.map((acc, i) => {
    const data: Record<string, unknown> = {
      userId: acc.uid,
      email: acc.email,
      level: acc.level,
      name: acc.name,
      displayName: acc.name,
      createdAt: addDays(now, -400 + i * 7),
    };
    if (acc.uid === A.accountant.uid) {
      data.shops = [{ shopId: A.owner.uid, role: 'accountant' }, { shopId: A.roles.uid, role: 'accountant' }];
    } else if (acc.uid === A.accountantOne.uid) {
      data.shops = [{ shopId: A.branch1.uid, role: 'accountant' }];
    }
    return { collection: COLLECTIONS.user, id: acc.uid, data };
  });
}

// The two real iPads report their LAN address (`ip`: never a ping target); the simulator none.
function devices(now: Date, prefix: string): Record<string, unknown> {
  return {
    [`${prefix}-4F1C-9A7E-2B8D5E6F7A10`]: {
      deviceName: 'iPad Cassa 1', deviceModel: 'iPad13,18', localizedModel: 'iPad', systemName: 'iPadOS', systemVersion: '17.5.1',
      appVersion: '3.4.1', appBuild: '341', lastVersionUpdate: addMinutes(now, -6), isSimulator: false, deviceEnvironment: 'Production',
      ip: '192.168.1.21',
    },
    [`${prefix}-77D2-4C3B-8E1F-0A9B8C7D6E52`]: {
      deviceName: 'iPad Pro Magazzino', deviceModel: 'iPad14,3', localizedModel: 'iPad', systemName: 'iPadOS', systemVersion: '16.7.8',
      appVersion: '3.3.0', appBuild: '330', lastVersionUpdate: addDays(now, -3), isSimulator: false, deviceEnvironment: 'Production',
      ip: '192.168.1.22',
    },
    [`${prefix}-0B5E-4D2A-9C6F-3E4D5C6B7A81`]: {
      deviceName: 'Simulatore sviluppo', deviceModel: 'arm64', localizedModel: 'iPad', systemName: 'iPadOS', systemVersion: '17.4',
      appVersion: '3.5.0', appBuild: '350', lastVersionUpdate: addMinutes(now, -90), isSimulator: true, deviceEnvironment: 'Simulator',
    },
  };
}

function settings(key: ShopAccountKey, info: ShopInfo, now: Date): Record<string, unknown> {
  const base: Record<string, unknown> = {
    pIva: info.vat, codeDdt: 11, imageScraping: key === 'owner', invoiceNumber: '39', creditNoteNumber: 0,
    printerIp: '192.168.1.50', secondPrinterIp: '', posHost: '', posPort: '', posTid: '', automaticPosSale: false,
    cashmaticEnabled: false, cashmaticServerIP: '', cashmaticPort: '', cashmaticProtocol: 'https', cashmaticUsername: '',
    cashmaticPassword: '', cashmaticTotalMoney: 0, backofficeRoles: key === 'roles',
  };
  if (key === 'owner') {
    Object.assign(base, {
      invoiceNumber: '49', creditNoteNumber: 2, secondPrinterIp: '192.168.1.51', posHost: '192.168.1.60', posPort: '10000',
      posTid: '30471234', automaticPosSale: true, cashmaticEnabled: true, cashmaticServerIP: '192.168.1.70', cashmaticPort: '50301',
      cashmaticUsername: 'cassa', cashmaticPassword: 'cashmatic-demo', cashmaticTotalMoney: 1843.5, cashmaticLastUpdate: addMinutes(now, -35),
    });
  }
  if (key === 'fewPacks') base.invoiceNumber = 39; // legacy: a number instead of text
  if (key === 'expired') base.invoiceNumber = 'n/d'; // unreadable: reads as 0
  if (key === 'grace') delete base.pIva; // legacy: P.IVA only at the top level of the shop
  if (key === 'roles') base.cashmaticProtocol = 'http';
  if (key === 'branch2') Object.assign(base, { secondPrinterIp: '10.0.4.21', posHost: '10.0.4.30', posPort: '10000', posTid: '30479876' });
  return base;
}

function shops({ now }: SeedContext): SeedDoc[] {
  const techAsObject: Partial<Record<ShopAccountKey, unknown[]>> = {
    owner: [A.tech.uid],
    fewPacks: [{ id: A.tech.uid, name: 'Giorgio Fontana' }],
    roles: [{ uid: A.tech.uid, email: A.tech.email }],
    basePlan: [{ techId: A.tech.uid }],
  };
  const accountants: Partial<Record<ShopAccountKey, string[]>> = { owner: [A.accountant.uid], roles: [A.accountant.uid], branch1: [A.accountantOne.uid] };
  return (Object.keys(SHOP_INFO) as ShopAccountKey[]).map((key, i) => {
    const acc = A[key];
    const info = SHOP_INFO[key];
    const data: Record<string, unknown> = {
      userId: acc.uid, name: acc.shopName, ragioneSociale: info.ragioneSociale, address: info.address, city: info.city,
      province: info.province, zipCode: info.zipCode, country: 'IT', phone: info.phone, pIva: info.vat,
      codiceFiscale: info.vat, taxRegime: 'RF01', shopType: info.shopType, emailUser: acc.email,
      openApi: key === 'owner' || key === 'roles', subscriptionId: SUBSCRIPTION_IDS[key],
      accountants: accountants[key] ?? [], technicians: techAsObject[key] ?? [],
      // fewPacks lists the technician only as a legacy object, which the rules cannot match: assignedTech makes it
      // readable. basePlan keeps the object alone: its technician finds it only once the Shop migration (Migrazioni DB)
      // has turned the object into the plain uid.
      assignedTech: key === 'owner' || key === 'roles' || key === 'fewPacks' ? A.tech.uid : '',
      isChainMaster: key === 'owner', shopGroup: key === 'branch1' || key === 'branch2' ? A.owner.uid : null,
      // Managed shops with iPads (owner, roles) and without (fewPacks: 'Nessun iPad registrato'); branch2 is a shop no
      // technician manages, with hardware and iPads online and offline (seen in the developer dashboard).
      devices: key === 'owner' ? devices(now, 'A1B2C3D4') : key === 'roles' ? devices(now, 'E5F6A7B8') : key === 'branch2' ? devices(now, 'C9D8E7F6') : {},
      settings: settings(key, info, now), createdAt: addDays(now, -380 + i * 10), updatedAt: addDays(now, -3 - i),
    };
    // The chain: Monza shares its data and its warehouse, Bergamo keeps its data to itself.
    if (key === 'branch1') data.chainSettings = { allowMemberDataAccess: true, shareInventory: true };
    if (key === 'branch2') data.chainSettings = { allowMemberDataAccess: false, shareInventory: false };
    if (key === 'owner') {
      data.chainSettings = { allowMemberDataAccess: true, shareInventory: false };
      data.trustedTech = A.tech.uid;
      data.vatNumber = info.vat;
    }
    return { collection: COLLECTIONS.shop, id: acc.uid, data };
  });
}

function employees({ now }: SeedContext): SeedDoc[] {
  const docs: SeedDoc[] = [];
  for (const [key, list] of Object.entries(EMPLOYEES) as [ShopAccountKey, readonly Record<string, unknown>[]][]) {
    for (const { id, ...fields } of list) {
      docs.push({
        collection: COLLECTIONS.employee,
        id: String(id),
        data: { ...fields, userId: A[key].uid, phone: '333 ' + String(1000000 + docs.length * 7919).slice(0, 7), createdAt: addDays(now, -300 + docs.length) },
      });
    }
  }
  for (const key of TECH_RECORD_SHOPS) {
    docs.push({
      collection: COLLECTIONS.employee,
      id: techRecordId(key),
      data: { name: 'Giorgio', surname: 'Fontana', email: A.tech.email, pin: '0000', roleLevel: '0', roleName: 'Tecnico', userId: A[key].uid, createdAt: addDays(now, -350) },
    });
  }
  return docs;
}

export function techRecordId(key: ShopAccountKey): string {
  return `emp-${A[key].email.split('@')[0] ?? key}-tecnico`;
}

/**
 * The fiscal-identity registry: every demo shop holds its P.IVA, as a registration or a technician's
 * change would have recorded it (the provider proxy and the webhook trust only this, not the Shop's fields).
 */
function fiscalIds({ now }: SeedContext): SeedDoc[] {
  return (Object.keys(SHOP_INFO) as ShopAccountKey[]).map((key) => ({
    collection: COLLECTIONS.fiscalId,
    id: SHOP_INFO[key].vat,
    data: { shopId: A[key].uid, createdBy: A.admin.uid, createdAt: addDays(now, -380) },
  }));
}

export function peopleDocs(ctx: SeedContext): SeedDoc[] {
  return [...users(ctx), ...shops(ctx), ...fiscalIds(ctx), ...employees(ctx)];
}
