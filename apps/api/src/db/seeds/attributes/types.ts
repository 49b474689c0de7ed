import type { Attribute } from '@remit/contract';

/** One attribute definition as seeded (docs/product/entities.md#attribute, without the customer's value). */
export type AttributeSeed = Omit<Attribute, 'value'>;

/** Escape a literal for use inside a regular expression. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A fixed list as an anchored alternation, e.g. `^(Alabama|Alaska)$`. The web renders such a regex
 * as a select whose option values (and labels) are the alternatives, so lists hold human names.
 */
export const oneOf = (values: readonly string[]): string => `^(${values.map(escapeRegex).join('|')})$`;
