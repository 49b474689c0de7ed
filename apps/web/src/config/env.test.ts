import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SITE_URL, parseEnv } from './env-schema';

describe('config', () => {
  it('is the parsed environment inlined by vite.config.ts', async () => {
    const { config } = await import('./env');
    expect(config.publicSiteUrl).toMatch(/^https?:\/\//);
    expect(config.apiBaseUrl).toBe('');
  });
});

describe('parseEnv', () => {
  it('defaults to same origin and the public site', () => {
    expect(parseEnv({ VITE_API_BASE_URL: '' })).toEqual({
      apiBaseUrl: '',
      publicSiteUrl: DEFAULT_PUBLIC_SITE_URL,
      privacyUrl: `${DEFAULT_PUBLIC_SITE_URL}/privacy`,
      termsUrl: `${DEFAULT_PUBLIC_SITE_URL}/terms`,
    });
  });

  it('reads configured values', () => {
    const c = parseEnv({
      VITE_API_BASE_URL: 'https://api.example.org/',
      VITE_PUBLIC_SITE_URL: 'https://www.example.org',
      VITE_TERMS_URL: 'https://legal.example.org/terms',
    });
    expect(c.apiBaseUrl).toBe('https://api.example.org');
    expect(c.privacyUrl).toBe('https://www.example.org/privacy');
    expect(c.termsUrl).toBe('https://legal.example.org/terms');
  });

  it('refuses a bad value with a clear message', () => {
    expect(() => parseEnv({ VITE_PUBLIC_SITE_URL: 'not a url' })).toThrow(/VITE_PUBLIC_SITE_URL/);
  });
});
