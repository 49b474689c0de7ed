import type { AttributeOption } from '@remit/contract';
import type { i18n as I18n } from 'i18next';

/** `object[key]` when it is the object's own property (a value such as `constructor` finds nothing). */
function own(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null && Object.hasOwn(object, key)
    ? (object as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The option texts of the current language, `onboarding.options` of locales/<language>/onboarding.ts.
 * Read from the loaded bundle rather than through `t()`, whose key syntax would split the attribute
 * keys and option values on their dots and colons.
 */
export function optionTexts(i18n: I18n): unknown {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return own(i18n.getResource(language, 'translation', 'onboarding'), 'options');
}

/**
 * What an option of a choice attribute is called on screen (docs/product/onboarding.md#attributes):
 * the app's text for that attribute and value, else the option's own label from the api.
 */
export function optionLabel(texts: unknown, attribute: string, option: AttributeOption): string {
  const label = own(own(texts, attribute), option.value);
  return typeof label === 'string' && label !== '' ? label : option.label;
}
