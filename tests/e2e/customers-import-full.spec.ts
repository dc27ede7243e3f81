import { test } from './fixture';
import { customersImportWalkthrough, restoreDirectoryAfterAll, FULL_IMPORT } from './customers-import-walkthrough';

// The customer import at the specification's size, 2,000 rows (slow set: `npm run bench -- e2e-slow`).
test.describe.configure({ mode: 'serial' });
restoreDirectoryAfterAll();
customersImportWalkthrough(FULL_IMPORT);
