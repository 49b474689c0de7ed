import { describe, expect, it } from 'vitest';
import { formatLastActive } from './format';

const now = Date.parse('2025-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatLastActive', () => {
  it('says how long ago in the UI language within a week', () => {
    expect(formatLastActive(ago(20), 'en', now)).toBe('now');
    expect(formatLastActive(ago(5 * 60 + 30), 'en', now)).toBe('5 minutes ago');
    expect(formatLastActive(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatLastActive(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(formatLastActive(ago(5 * 60), 'fr', now)).toBe('il y a 5 minutes');
  });

  it('treats a time in the future as now', () => {
    expect(formatLastActive(ago(-90), 'en', now)).toBe('now');
  });

  it('gives a date and time after a week', () => {
    const text = formatLastActive('2025-01-02T09:30:00Z', 'en', now);
    expect(text).toContain('Jan 2, 2025');
    expect(formatLastActive('2025-01-02T09:30:00Z', 'fr', now)).toContain('2 janv. 2025');
  });
});
