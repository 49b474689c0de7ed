import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage, type S3StorageSettings } from './s3-file-storage.ts';

export type { FileStorage, PresignedPut, StoredObject } from './file-storage.ts';
export { LocalFileStorage } from './local-file-storage.ts';
export { S3FileStorage, s3UploadOrigin, type S3StorageSettings } from './s3-file-storage.ts';

/** Where documents go: the S3-compatible bucket when one is configured, else DATA_DIR/documents. */
export interface StorageSettings {
  dataDir: string;
  s3?: S3StorageSettings;
}

/** S3 when S3 settings are given, else local files under `dataDir/documents`. */
export function createFileStorage(settings: StorageSettings): FileStorage {
  return settings.s3 ? new S3FileStorage(settings.s3) : new LocalFileStorage(join(settings.dataDir, 'documents'));
}
