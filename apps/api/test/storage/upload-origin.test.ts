import { describe, expect, it } from 'vitest';
import { s3UploadOrigin } from '../../src/adapters/storage/index.ts';
import { connectSources } from '../../src/plugins/helmet.ts';

// Direct uploads go from the browser to the bucket: the page's CSP must let it connect there
// (docs/product/account-verification.md#direct-to-storage).
describe('the bucket in connect-src', () => {
  it('is the endpoint with path-style URLs, else the bucket host', () => {
    const base = { bucket: 'remit-docs', region: 'eu-west-2' };
    expect(s3UploadOrigin({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(s3UploadOrigin({ ...base, endpoint: 'https://r2.example.com/x', forcePathStyle: false })).toBe(
      'https://remit-docs.r2.example.com',
    );
    expect(s3UploadOrigin({ ...base, endpoint: undefined, forcePathStyle: false })).toBe(
      'https://remit-docs.s3.eu-west-2.amazonaws.com',
    );
  });

  it('is added to the realtime sources, and absent without a bucket', () => {
    expect(connectSources({ appUrl: 'https://app.example.com' })).toEqual(["'self'", 'wss://app.example.com']);
    expect(
      connectSources({ appUrl: 'https://app.example.com', pusherCluster: 'eu', uploadOrigin: 'https://b.s3.x.com' }),
    ).toEqual(["'self'", 'wss://ws-eu.pusher.com', 'https://sockjs-eu.pusher.com', 'https://b.s3.x.com']);
  });
});
