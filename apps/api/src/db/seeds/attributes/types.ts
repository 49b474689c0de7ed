import type { Attribute, AttributeOption } from '@remit/contract';

/** One attribute definition as seeded (docs/product/entities.md#attribute, without the customer's value). */
export type AttributeSeed = Omit<Attribute, 'value'>;

/** An option of a choice attribute; the English label defaults to the value (a name that reads the same). */
export const option = (value: string, label: string = value): AttributeOption => ({ value, label });

/** Escape a literal for use inside a regular expression. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `regular_expression` of a choice attribute: its option values as an anchored alternation, e.g.
 * `^(Alabama|Alaska)$`. It is derived from the options, never written by hand, so the two cannot
 * drift; the options are what the server checks a value against and what the web builds its select
 * from (docs/product/onboarding.md#attributes).
 */
export const oneOf = (options: readonly AttributeOption[]): string =>
  `^(${options.map((o) => escapeRegex(o.value)).join('|')})$`;
