/**
 * Once, after deploying the rules that enforce the packs, and again after any change to the Pack
 * collection made outside the developer dashboard: writes PackGrant/{fatturazione,catena,statistiche}, the index of
 * the Pack ids that grant each gated pack (src/domain/permissions/pack-grants.ts). Until it exists the database
 * grants these packs only to subscriptions that list them by name: shops whose packs are ids could not invoice.
 *
 *   GOOGLE_APPLICATION_CREDENTIALS=chiave.json npx tsx scripts/backfill-pack-grants.ts --project <id> [--apply]
 *
 * Without --apply it only prints the index. Against the emulators it runs like the seed.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { normalizePack } from '../src/data/pack-doc.ts';
import { packGrantDocs } from '../src/domain/permissions/pack-grants.ts';

const args = process.argv.slice(2);
const project = args[args.indexOf('--project') + 1];
const apply = args.includes('--apply');
if (!args.includes('--project') || !project) {
  console.error('Uso: npx tsx scripts/backfill-pack-grants.ts --project <id progetto> [--apply]');
  process.exit(2);
}

const db = getFirestore(initializeApp({ projectId: project }));
const packs = (await db.collection('Pack').get()).docs.map((d) => normalizePack(d.id, d.data()));
const grants = packGrantDocs(packs);
for (const [pack, grant] of Object.entries(grants)) console.log(`${pack}: ${grant.packIds.join(', ') || '(nessun pacchetto)'}`);
if (!apply) {
  console.log('Solo il piano: aggiungi --apply per scrivere.');
} else {
  const batch = db.batch();
  for (const [pack, grant] of Object.entries(grants)) batch.set(db.collection('PackGrant').doc(pack), { ...grant, updatedAt: FieldValue.serverTimestamp() });
  await batch.commit();
  console.log('Indice PackGrant scritto.');
}
