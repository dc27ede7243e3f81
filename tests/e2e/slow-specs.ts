/**
 * End-to-end specs that run in `npm run bench -- e2e-slow` (scripts/bench/e2e-slow.bench.ts) instead of `npm test`:
 * each waits out real time limits of the product (20-35 s per case: a write the server does not confirm, a provider
 * that does not answer, the proxy's own limit on the server's clock) or prints a timing. Fault injection goes in the
 * benchmark where it is slow, to keep `npm test` fast; `npm test` keeps a fast case of each family (invoices.spec.ts: a
 * provider failure and Riprova; customers.spec.ts: every company-lookup failure; customers-import.spec.ts and
 * register-shop.spec.ts: the network cut mid-import and mid-registration; offline-cache.spec.ts: offline saves;
 * users.spec.ts and tickets.spec.ts: an accountant registration and a ticket change refused at once offline).
 * Long walkthroughs run here at the specification's size and in `npm test` at their smallest honest size:
 * customers-import-full.spec.ts (2,000 rows; customers-import.spec.ts imports a tenth of them) and
 * migration-full.spec.ts (the whole seeded Sale collection; migration.spec.ts leaves 300 documents to migrate).
 */
export const SLOW_SPECS = ['faults-firestore.spec.ts', 'faults-offline.spec.ts', 'faults-provider.spec.ts', 'login-timing.spec.ts', 'customers-import-full.spec.ts', 'migration-full.spec.ts'];
