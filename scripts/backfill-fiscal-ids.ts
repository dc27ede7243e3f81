/**
 * One-off, after deploying the fiscal-identity registry: gives every shop registered before it its
 * FiscalId entry, so the provider proxy and the webhook (which trust only the registry) keep working for it.
 *
 *   GOOGLE_APPLICATION_CREDENTIALS=chiave.json npx tsx scripts/backfill-fiscal-ids.ts --project <id> [--apply]
 *
 * Without --apply it only prints the plan. A P.IVA carried by two shops, or already held by another shop, is never
 * given to either: it is printed for an admin to decide (the shop's technician corrects it from /shop-details, or
 * an admin records the sharing in FiscalId/{P.IVA}.sharedWith). Against the emulators it runs like the seed.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { planFiscalIdBackfill } from '../src/domain/fiscal-ids/registry.ts';

const args = process.argv.slice(2);
const project = args[args.indexOf('--project') + 1];
const apply = args.includes('--apply');
if (!args.includes('--project') || !project) {
  console.error('Uso: npx tsx scripts/backfill-fiscal-ids.ts --project <id progetto> [--apply]');
  process.exit(2);
}

const db = getFirestore(initializeApp({ projectId: project }));
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const [shops, registry] = await Promise.all([db.collection('Shop').get(), db.collection('FiscalId').get()]);
const plan = planFiscalIdBackfill(
  shops.docs.map((d) => {
    const settings = (d.get('settings') ?? {}) as Record<string, unknown>;
    return { id: d.id, pIva: text(settings.pIva) || text(d.get('pIva')) || text(d.get('vatNumber')) || text(d.get('partitaIva')) };
  }),
  new Map(registry.docs.map((d) => [d.id, text(d.get('shopId'))])),
);
console.log(`Negozi: ${String(shops.size)}; voci già nel registro: ${String(registry.size)}`);
console.log(`Da creare: ${String(plan.create.length)}`);
for (const c of plan.conflicts) console.log(`CONFLITTO P.IVA ${c.id}: negozi ${c.shopIds.join(', ')}${c.holder ? ` (registrata per ${c.holder})` : ''}`);
for (const id of plan.unreadable) console.log(`P.IVA mancante o non valida: negozio ${id}`);
if (!apply) {
  console.log('Solo il piano: aggiungi --apply per scrivere.');
} else {
  for (let i = 0; i < plan.create.length; i += 400) {
    const batch = db.batch();
    for (const entry of plan.create.slice(i, i + 400)) {
      // create(): an entry written meanwhile (a registration) is never overwritten; the batch then fails loudly.
      batch.create(db.collection('FiscalId').doc(entry.id), { shopId: entry.shopId, createdBy: 'backfill', createdAt: FieldValue.serverTimestamp() });
    }
    await batch.commit();
  }
  console.log(`Scritte ${String(plan.create.length)} voci.`);
}
