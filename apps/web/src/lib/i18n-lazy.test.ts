import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The app loads French and the feature texts on demand (the test setup preloads everything for the
 * other tests): a fresh copy of the module shows what a page load starts with.
 */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('lazy locales', () => {
  it('starts with the English base texts only, and adds a bundle for the active language', async () => {
    const { i18n, loadLocale } = await freshI18n();
    expect(i18n.getResource('en', 'translation', 'signIn.heading')).toBe('Sign in');
    expect(i18n.getResource('en', 'translation', 'security')).toBeUndefined();
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);

    await loadLocale('security');
    expect(i18n.t('security.mfa.heading')).toBe('Two-step verification');
    expect(i18n.getResource('fr', 'translation', 'security')).toBeUndefined();
    expect(i18n.getResource('en', 'translation', 'onboarding')).toBeUndefined();
  });

  it('loads French and the bundles asked for so far before switching', async () => {
    const { changeLanguage, i18n, loadLocale } = await freshI18n();
    await loadLocale('security', 'realtime');
    await changeLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('signIn.heading')).toBe('Connexion');
    expect(i18n.t('security.mfa.heading')).toBe('Vérification en deux étapes');
    expect(i18n.t('realtime.dismiss')).toBe('Fermer');
    expect(i18n.getResource('fr', 'translation', 'onboarding')).toBeUndefined();

    // A bundle asked for later comes in French, and in English again after switching back.
    await loadLocale('onboarding');
    expect(i18n.getResource('fr', 'translation', 'onboarding')).toBeDefined();
    await changeLanguage('en');
    expect(i18n.t('onboarding.dashboard.intro')).not.toBe('onboarding.dashboard.intro');
  });

  it('loads French before the first render when it is the stored language', async () => {
    localStorage.setItem('remit.language', 'fr');
    const { i18n, i18nReady } = await freshI18n();
    await i18nReady;
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('signIn.heading')).toBe('Connexion');
    expect(document.documentElement.lang).toBe('fr');
  });
});
