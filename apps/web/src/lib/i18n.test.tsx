import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en/common';
import fr from '@/locales/fr/common';
import { renderRoute } from '@/testing/render';
import { changeLanguage, detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from './i18n';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('i18n', () => {
  it('translates every English key into French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const key of keys(fr)) {
      expect(i18n.getResource('fr', 'translation', key), key).toBeTruthy();
    }
  });

  it('has every part of the texts in every language, with the same keys', () => {
    const files = import.meta.glob<{ default: object }>('../locales/*/*.ts', { eager: true });
    const parts = (lng: string) =>
      Object.keys(files)
        .filter((path) => path.startsWith(`../locales/${lng}/`))
        .map((path) => path.slice(`../locales/${lng}/`.length))
        .sort();
    expect(parts('en')).toContain('common.ts');
    expect(parts('fr')).toEqual(parts('en'));
    for (const part of parts('en')) {
      const english = files[`../locales/en/${part}`]?.default ?? {};
      const french = files[`../locales/fr/${part}`]?.default ?? {};
      expect(keys(french).sort(), part).toEqual(keys(english).sort());
    }
  });

  it('keeps the specification’s texts verbatim in English', () => {
    expect(en.titles.default).toBe('Default Title');
    expect(en.signIn.loginFailed).toBe('Login failed');
    expect(en.signUp.submit).toBe('Continue');
  });

  it('remembers the chosen language and renders the screens in it', async () => {
    await changeLanguage('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(detectLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
  });
});
