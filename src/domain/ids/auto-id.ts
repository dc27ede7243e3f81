/**
 * The shape of Firestore's auto-ids (`doc(collection).id`, the POS app's `addDocument`): 20 characters of this
 * alphabet, written here in the byte order Firestore sorts document ids by.
 */
export const AUTO_ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const AUTO_ID_LENGTH = 20;
