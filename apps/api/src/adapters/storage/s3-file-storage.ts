import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidContentType,
  assertValidKey,
  assertValidPrefix,
  type FileStorage,
  type PresignedPut,
  type StoredObject,
} from './file-storage.ts';

/**
 * The origin the browser puts presigned uploads to (the page's Content-Security-Policy must allow
 * it): the endpoint itself with path-style URLs, else the bucket's own host.
 */
export function s3UploadOrigin(
  settings: Pick<S3StorageSettings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>,
): string {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle ? base.origin : `${base.protocol}//${settings.bucket}.${base.host}`;
}

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); unset for AWS S3. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
}

/** The longest a SigV4 presigned URL may live. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** Documents in an S3-compatible bucket (production; docs/product/account-verification.md#upload). */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // No flexible checksums unless an operation requires them: S3-compatible services do not all
      // support them, and a presigned PUT must not carry a checksum of an empty body.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    assertValidContentType(contentType);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return Buffer.alloc(0);
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    assertValidPrefix(prefix);
    const found: { key: string; lastModified: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) found.push({ key: object.Key, lastModified: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /**
   * A URL the browser PUTs the file to, with the Content-Type signed (the presigner leaves it out
   * unless asked), so the bucket refuses any other type. A PUT cannot be capped in size: `maxBytes`
   * is checked by the caller with `head()` once the upload is done.
   */
  async presignPut(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresInSeconds: number,
  ): Promise<PresignedPut | null> {
    assertValidKey(key);
    assertValidContentType(contentType);
    if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new Error(`presignPut: bad maxBytes ${maxBytes}`);
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds <= 0 || expiresInSeconds > MAX_PRESIGN_SECONDS) {
      throw new Error(`presignPut: bad expiresInSeconds ${expiresInSeconds}`);
    }
    const signedAt = Date.now();
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']), signingDate: new Date(signedAt) },
    );
    return {
      method: 'PUT',
      url,
      headers: { 'Content-Type': contentType },
      expiresAt: new Date(signedAt + expiresInSeconds * 1000),
    };
  }

  /** Closes the client's sockets (shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}

/** A missing key (GET says NoSuchKey, HEAD a bodiless 404); a missing bucket (NoSuchBucket) still throws. */
function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}
