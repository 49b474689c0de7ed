// Account verification on local files, DATA_DIR/documents, the embedded default
// (docs/product/account-verification.md), with the sandbox reviewer off: the upload suite, the
// categories, the provider flow and review decisions applied through the service. One app for all
// of them (building one is most of the cost of a test file).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from '../../src/adapters/storage/index.ts';
import { useTestApp } from '../helpers.ts';
import { categoriesSuite } from './categories-suite.ts';
import { FlakyStorage, filesUnder } from './helpers.ts';
import { providerSuite } from './provider-suite.ts';
import { reviewSuite } from './review-suite.ts';
import { uploadSuite } from './upload-suite.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'remit-documents-'));
const storage = new FlakyStorage(new LocalFileStorage(join(dataDir, 'documents')));
const ctx = useTestApp({ env: { DATA_DIR: dataDir, SANDBOX_REVIEW_DELAY_MS: 'off' }, overrides: { storage } });

categoriesSuite(ctx);
uploadSuite(ctx, { name: 'local', storage, stored: () => filesUnder(join(dataDir, 'documents')) });
providerSuite(ctx);
reviewSuite(ctx);
