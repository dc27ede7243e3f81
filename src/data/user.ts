/**
 * User (document 1 §3, document 3 §3): one document per Firebase Auth account, keyed by the uid.
 */
import { serverTimestamp, setDoc } from 'firebase/firestore';
import { USER_LEVELS, type UserLevel } from '@/domain/permissions/levels';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { asRecord, compact, isRecord, pick, toDate, toId, toOptStr, toStr, type RawDoc } from './normalize';

export { USER_LEVELS, type UserLevel };

/** A shop an accountant works on, with the accountant's role there. */
export interface UserShopLink {
  shopId: string;
  role: string;
}

export interface User {
  id: string;
  userId: string;
  email: string;
  /** null when the stored level is missing or unknown ('Livello utente non riconosciuto.'). */
  level: UserLevel | null;
  /** The stored text, kept for messages and round trips. */
  levelRaw: string;
  shops: UserShopLink[];
  name?: string;
  displayName?: string;
  createdAt?: Date;
}

const LEVEL_BY_LOWER = new Map<string, UserLevel>(USER_LEVELS.map((l) => [l.toLowerCase(), l]));

export function toUserLevel(value: unknown): UserLevel | null {
  return LEVEL_BY_LOWER.get(toStr(value).trim().toLowerCase()) ?? null;
}

function toShopLinks(value: unknown): UserShopLink[] {
  const items = Array.isArray(value) ? (value as unknown[]) : isRecord(value) ? [value] : [];
  const links: UserShopLink[] = [];
  for (const item of items) {
    const shopId = isRecord(item) ? toId(item, ['shopId', 'id', 'shop', 'userId']) : toId(item);
    if (shopId === undefined || links.some((l) => l.shopId === shopId)) continue;
    links.push({ shopId, role: toOptStr(asRecord(item).role) ?? 'accountant' });
  }
  return links;
}

export function normalizeUser(id: string, raw: RawDoc): User {
  const levelRaw = toStr(raw.level).trim();
  return {
    id,
    userId: toOptStr(pick(raw, 'userId', 'uid')) ?? id,
    email: toStr(raw.email).trim(),
    level: toUserLevel(levelRaw),
    levelRaw,
    shops: toShopLinks(raw.shops),
    name: toOptStr(raw.name),
    displayName: toOptStr(raw.displayName),
    createdAt: toDate(raw.createdAt),
  };
}

export function toFirestoreUser(user: User): RawDoc {
  return compact({
    userId: user.userId,
    email: user.email,
    level: user.level ?? user.levelRaw,
    shops: user.shops.map((s) => ({ shopId: s.shopId, role: s.role })),
    name: user.name,
    displayName: user.displayName,
    createdAt: user.createdAt,
  });
}

export const userConverter = makeConverter('User', normalizeUser, toFirestoreUser);
export const usersCol = () => typedCollection(COLLECTIONS.user, userConverter);
export const userDoc = (uid: string) => typedDoc(COLLECTIONS.user, uid, userConverter);

/**
 * A new account's User document (self-registration, a technician created by an admin): the fields the rules let the
 * writer create, with the server's clock — not through the converter, whose shop links and names the account has not.
 */
export function createUserProfile(uid: string, email: string, level: UserLevel): Promise<void> {
  return setDoc(userDoc(uid).withConverter(null), { userId: uid, email, level, createdAt: serverTimestamp() });
}
