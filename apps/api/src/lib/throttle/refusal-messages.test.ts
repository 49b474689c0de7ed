import { describe, expect, it } from 'vitest';
import { refusalMessage, waitInWords } from './refusal-messages.ts';

describe('429 messages say when in words (docs/product/auth-and-sessions.md#throttling)', () => {
  it('seconds, minutes rounded up, hours', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(30)).toBe('30 seconds');
    expect(waitInWords(59)).toBe('59 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(840)).toBe('14 minutes');
    expect(waitInWords(899)).toBe('15 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3900)).toBe('1 hour and 5 minutes');
    expect(waitInWords(7200)).toBe('2 hours');
    expect(waitInWords(7201)).toBe('3 hours');
  });

  it('in French', () => {
    expect(waitInWords(1, 'fr')).toBe('1 seconde');
    expect(waitInWords(30, 'fr')).toBe('30 secondes');
    expect(waitInWords(840, 'fr')).toBe('14 minutes');
    expect(waitInWords(3600, 'fr')).toBe('1 heure');
    expect(waitInWords(3900, 'fr')).toBe('1 heure et 5 minutes');
    expect(waitInWords(7200, 'fr')).toBe('2 heures');
  });

  it('whole messages', () => {
    expect(refusalMessage('login', 840)).toBe('Too many login attempts. Try again in 14 minutes.');
    expect(refusalMessage('attempts', 30)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(refusalMessage('signUp', 7200)).toBe('Too many sign-up attempts. Try again in 2 hours.');
    expect(refusalMessage('login', 840, 'fr')).toBe('Trop de tentatives de connexion. Réessayez dans 14 minutes.');
  });
});
