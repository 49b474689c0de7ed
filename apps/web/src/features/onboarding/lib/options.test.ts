import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { optionLabel, optionTexts } from './options';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const bayern = { value: 'Bayern', label: 'Bavaria' };

describe('option labels (docs/product/onboarding.md#attributes)', () => {
  it('are the app’s text for the attribute and value, in the current language', async () => {
    expect(optionLabel(optionTexts(i18n), 'address.region', bayern)).toBe('Bavaria');
    expect(optionLabel(optionTexts(i18n), 'employment_status', { value: 'self_employed', label: 'x' })).toBe(
      'Self-employed',
    );
    await i18n.changeLanguage('fr');
    expect(optionLabel(optionTexts(i18n), 'address.region', bayern)).toBe('Bavière');
    expect(optionLabel(optionTexts(i18n), 'annual_income', { value: '30k_60k', label: '30,000 to 60,000' })).toBe(
      'De 30 000 à 60 000',
    );
  });

  it('fall back to the option’s label from the api when the app has no text for it', async () => {
    await i18n.changeLanguage('fr');
    const texts = optionTexts(i18n);
    expect(optionLabel(texts, 'address.region', { value: 'Atlantis', label: 'Atlantis Province' })).toBe(
      'Atlantis Province',
    );
    expect(optionLabel(texts, 'marital_status', { value: 'single', label: 'Single' })).toBe('Single');
    // Values are data, not keys: a dot, a colon or an object's own method name is just a value.
    expect(optionLabel(texts, 'address.region', { value: 'St. Kitts: Basseterre', label: 'St Kitts' })).toBe(
      'St Kitts',
    );
    expect(optionLabel(texts, 'address', { value: 'region', label: 'Region' })).toBe('Region');
    expect(optionLabel(texts, 'address.region', { value: 'constructor', label: 'Constructor' })).toBe('Constructor');
    expect(optionLabel(texts, 'toString', { value: 'length', label: 'Length' })).toBe('Length');
    expect(optionLabel(undefined, 'address.region', bayern)).toBe('Bavaria');
  });

  it('are French for every option the English texts list', async () => {
    const en = optionTexts(i18n) as Record<string, Record<string, string>>;
    await i18n.changeLanguage('fr');
    const fr = optionTexts(i18n) as Record<string, Record<string, string>>;
    expect(Object.keys(fr)).toEqual(Object.keys(en));
    for (const [attribute, byValue] of Object.entries(en)) {
      expect(Object.keys(fr[attribute]!), attribute).toEqual(Object.keys(byValue));
      for (const label of Object.values(fr[attribute]!)) expect(label.trim(), attribute).not.toBe('');
    }
    expect(fr['address.region']).toMatchObject({ Bayern: 'Bavière', 'Federal Capital Territory': expect.any(String) });
  });
});
