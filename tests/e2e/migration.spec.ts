import { migrationWalkthrough } from './migration-walkthrough';

// The walkthrough on 300 documents to migrate (six batches); the whole seeded collection: migration-full.spec.ts.
migrationWalkthrough(300);
