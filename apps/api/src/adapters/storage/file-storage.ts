// Where verification documents live (docs/product/account-verification.md#upload): DATA_DIR/documents
// in the embedded default, an S3-compatible bucket in production.

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface PresignedPut {
  method: 'PUT';
  url: string;
  /** Send exactly these headers with the PUT: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when missing */
  get(key: string): Promise<Buffer | null>;
  head(key: string): Promise<StoredObject | null>;
  /** A missing key is fine. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (a plain string prefix, as in S3), in no particular order. */
  list(prefix: string): Promise<{ key: string; lastModified: Date }[]>;
  /**
   * Local storage only (an S3 PUT is atomic): removes what writes cut off by a crash left behind,
   * last changed before `before` (a temp file, a content type without its body); answers how many.
   */
  removeLeftovers?(before: Date): Promise<number>;
  /**
   * S3 only: a presigned PUT for the browser; local storage returns null (the api signs its own URL).
   * A presigned PUT cannot cap the size: after the upload the caller checks `head(key).size`
   * against `maxBytes` (and deletes the object when it is over).
   */
  presignPut(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresInSeconds: number,
  ): Promise<PresignedPut | null>;
}

const KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;
const PREFIX = /^[a-z0-9/_-]*$/;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
export const MAX_KEY_LENGTH = 512;

/**
 * Keys are `[a-z0-9_-]` segments joined by single `/`: no `.`, no leading, trailing or double `/`, so a
 * key can never name a parent directory, an absolute path or one of local storage's own files.
 */
export function assertValidKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A list prefix: the key alphabet, possibly empty or ending with `/`. */
export function assertValidPrefix(prefix: string): void {
  if (prefix.length > MAX_KEY_LENGTH || !PREFIX.test(prefix) || prefix.startsWith('/') || prefix.includes('//')) {
    throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/** A bare `type/subtype` (no parameters): it ends up in a header and on disk. */
export function assertValidContentType(contentType: string): void {
  if (contentType.length > 127 || !CONTENT_TYPE.test(contentType)) {
    throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}
