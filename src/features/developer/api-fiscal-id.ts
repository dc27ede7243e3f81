/**
 * The admins' side of the fiscal-identity registry (src/domain/fiscal-ids/registry.ts): record a shop's
 * P.IVA, share one P.IVA between two shops of one company, or give it to the right shop when two carried it. The
 * rules let only admins write an entry outside a technician's move; every write waits for the server (offline it
 * says so instead of spinning).
 */
import { getDoc } from 'firebase/firestore';
import { assignFiscalId, recordFiscalId, fiscalIdDoc, shareFiscalId, unshareFiscalId } from '@/data/fiscal-id';
import { shopDoc } from '@/data/shop';
import { confirmedWrite } from '@/lib/firebase-errors';
import { auth } from '@/lib/firebase';

export { fiscalIdDoc };

export const FISCAL_ID_TEXTS = {
  unknownShop: (id: string) => `Nessun negozio con ID ${id}.`,
  sameShop: 'Il negozio indicato è già il titolare della partita IVA.',
} as const;

/** The P.IVA recorded for `shopId`, which nobody held. */
export async function claimForShop(pIva: string, shopId: string): Promise<void> {
  await confirmedWrite(recordFiscalId(pIva, shopId, auth().currentUser?.uid ?? ''));
}

/** Another shop of the same company may send invoices under the P.IVA (its supplier invoices still go to the holder). */
export async function shareWith(pIva: string, holder: string, shopId: string): Promise<void> {
  if (shopId === holder) throw new Error(FISCAL_ID_TEXTS.sameShop);
  if (!(await getDoc(shopDoc(shopId))).exists()) throw new Error(FISCAL_ID_TEXTS.unknownShop(shopId));
  await confirmedWrite(shareFiscalId(pIva, shopId));
}

export async function unshare(pIva: string, shopId: string): Promise<void> {
  await confirmedWrite(unshareFiscalId(pIva, shopId));
}

/** The P.IVA given to `shopId` (the previous holder loses it, and any sharing with the new holder ends). */
export async function assignTo(pIva: string, shopId: string): Promise<void> {
  await confirmedWrite(assignFiscalId(pIva, shopId));
}
