/**
 * The customer directory's reads and writes (document 2 §7): the shop's customers live (one equality query,
 * sorted and searched on the client: the screen shows the whole directory, sortable on four columns, searched on
 * ten fields Firestore cannot search inside, and exported whole), add, update, delete, and the CSV import's
 * writes in batches of 25 under stable ids.
 * At size (10,000 customers: seconds before the live query's first answer), the first rows come first from two
 * small queries (the first 20 by company name and the first 20 by name, composite indexes userId + ragioneSociale
 * and userId + name) and the count from an aggregation query; they are 40 reads more, shown until the live list
 * answers. The live list comes as a data bundle on a new device, from the cache's copy at once on a reload, and is
 * listened to in id ranges one after another (lib/firebase-whole-list.ts, lib/firebase-ranges.ts: the emulator drops
 * a Listen channel that must carry more than 10,000 documents at once).
 */
import { deleteDoc, doc, getCountFromServer, getDocs, getDocsFromServer, limit, orderBy, query, setDoc, where, writeBatch } from 'firebase/firestore';
import { addCustomerInBatch, customerDoc, customersCol, saveCustomerFields, type Customer } from '@/data/customer';
import type { CustomerValues } from '@/domain/customers/customer-fields';
import { CSV_IMPORT_CHUNK, planCustomerImport, type CustomerMapping, type ImportOptions, type ImportPlan, type PlannedCustomer, type SourceRow } from '@/domain/customers/customer-import';
import { writeInWaves, type BatchedWriteRun } from '@/domain/csv/import-writes';
import { db } from '@/lib/firebase';
import type { WholeListSource } from '@/lib/firebase-whole-list';
import { confirmedWrite } from '@/lib/firebase-errors';
import { savedOrQueued, type SaveOutcome } from '@/lib/firebase-writes';

export const customersQuery = (shopId: string) => query(customersCol(), where('userId', '==', shopId));

/** The live directory: the shop's customers, in the ranges of domain/lists/shop-lists.ts. */
export const customerListSource = (shopId: string): WholeListSource<Customer> => ({ list: 'customers', shopId, whole: customersQuery(shopId), idOf: (c) => c.id });

/** How many first rows each of the two small queries brings: one page of the directory. */
export const FIRST_CUSTOMERS = 20;

/**
 * The first rows before the live list answers: the first 20 companies by ragioneSociale and the first 20 by name
 * (people), without duplicates. The screen sorts them by the displayed name; the live list then replaces them.
 */
export async function loadFirstCustomers(shopId: string): Promise<Customer[]> {
  const [companies, people] = await Promise.all([
    getDocs(query(customersQuery(shopId), orderBy('ragioneSociale'), limit(FIRST_CUSTOMERS))),
    getDocs(query(customersQuery(shopId), orderBy('name'), limit(FIRST_CUSTOMERS))),
  ]);
  const byId = new Map<string, Customer>();
  for (const d of [...companies.docs, ...people.docs]) byId.set(d.id, d.data());
  return [...byId.values()];
}

/** How many customers the shop has: one aggregation query, shown while the directory loads. */
export async function countCustomers(shopId: string): Promise<number> {
  return (await getCountFromServer(customersQuery(shopId))).data().count;
}

type CustomerFields = Omit<Customer, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Form values → the Customer's fields, an empty text being no value. */
export function customerFields(values: CustomerValues): CustomerFields {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) out[key] = value === '' ? undefined : value;
  return out;
}

/** A new customer's id, taken once per form: a save repeated after an unconfirmed one rewrites the same document. */
export const newCustomerId = (): string => doc(customersCol()).id;

/**
 * Creates a customer under `id` (newCustomerId, kept by the form: a retry after 'write-unconfirmed' rewrites the
 * same document). 'saved' = on the server; 'queued' = made offline, kept in the persistent cache and
 * sent when the connection returns (lib/firebase-writes.ts).
 */
export function addCustomer(shopId: string, values: CustomerValues, id = newCustomerId()): Promise<SaveOutcome> {
  const ref = customerDoc(id);
  const now = new Date();
  return savedOrQueued(setDoc(ref, { ...customerFields(values), id, userId: shopId, createdAt: now, updatedAt: now }), ref);
}

export function updateCustomer(id: string, values: CustomerValues): Promise<SaveOutcome> {
  return savedOrQueued(saveCustomerFields(id, customerFields(values), new Date()), customerDoc(id));
}

export function deleteCustomer(id: string): Promise<SaveOutcome> {
  const ref = customerDoc(id);
  return savedOrQueued(deleteDoc(ref), ref);
}

/** The directory as the server has it now (not the cache): what an import must not duplicate. */
export async function loadCustomersFromServer(shopId: string): Promise<Customer[]> {
  const snapshot = await getDocsFromServer(customersQuery(shopId));
  return snapshot.docs.map((d) => d.data());
}

/** One chunk of the import in one batch: all of it lands or none. Stable ids make a repeated chunk harmless. */
export async function writeImportChunk(shopId: string, chunk: readonly PlannedCustomer[]): Promise<void> {
  const batch = writeBatch(db());
  const now = new Date();
  for (const planned of chunk) addCustomerInBatch(batch, { ...customerFields(planned.values), id: planned.id, userId: shopId, createdAt: now, updatedAt: now });
  await confirmedWrite(batch.commit());
}

/** Chunks written at the same time: the batches are independent, and four in flight keep the server busy. */
const PARALLEL_CHUNKS = 4;

export interface ImportRun extends BatchedWriteRun {
  plan: ImportPlan | undefined;
}

/**
 * The whole import: reads the directory from the server, plans, writes the chunks of 25 (four at a time),
 * reports progress, and stops at the first chunk that fails. What was confirmed stays; a re-run skips it.
 */
export async function runCustomerImport(
  shopId: string,
  rows: readonly SourceRow[],
  mapping: CustomerMapping,
  options: ImportOptions,
  onProgress: (done: number, total: number) => void,
): Promise<ImportRun> {
  let plan: ImportPlan;
  try {
    plan = planCustomerImport(shopId, rows, mapping, options, await loadCustomersFromServer(shopId));
  } catch (error) {
    return { plan: undefined, written: new Set(), error };
  }
  const run = await writeInWaves(plan.toImport, { batchSize: CSV_IMPORT_CHUNK, parallel: PARALLEL_CHUNKS }, (chunk) => writeImportChunk(shopId, chunk), onProgress);
  return { plan, ...run };
}
