/**
 * The thin Firebase wrapper every collection module builds on: a FirestoreDataConverter made of the module's
 * pure `normalizeX` (read) and `toFirestoreX` (write), and typed collection / document references.
 */
import {
  collection,
  doc,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import { db } from '@/lib/firebase';
import type { RawDoc } from './normalize';

export function makeConverter<T>(
  name: string,
  normalize: (id: string, raw: RawDoc) => T,
  write: (model: T) => DocumentData,
): FirestoreDataConverter<T> {
  return {
    toFirestore(model: T, options?: unknown): DocumentData {
      if (options !== undefined) {
        // A merge write carries a partial model: filling in defaults would overwrite stored fields.
        throw new Error(`${name}: per le scritture parziali usare updateDoc con i nomi dei campi salvati, non il converter.`);
      }
      return write(model);
    },
    fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): T {
      return normalize(snapshot.id, snapshot.data(options));
    },
  };
}

export function typedCollection<T>(path: string, converter: FirestoreDataConverter<T>): CollectionReference<T> {
  return collection(db(), path).withConverter(converter);
}

export function typedDoc<T>(path: string, id: string, converter: FirestoreDataConverter<T>): DocumentReference<T> {
  return doc(db(), path, id).withConverter(converter);
}
