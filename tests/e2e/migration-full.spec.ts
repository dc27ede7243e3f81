import { migrationWalkthrough } from './migration-walkthrough';

// In the slow set (slow-specs.ts): the walkthrough on every legacy sale of the seed (about 2,000 documents).
migrationWalkthrough('all');
