/**
 * The contract's Attribute has no list of allowed values. We do not invent wire semantics for it:
 * when an attribute's `regular_expression` is an anchored alternation of literals, like
 * `^(employed|self_employed|student)$`, `^(?:yes|no)$` or `^(Auvergne-Rhône-Alpes|Provence-Alpes-Côte d'Azur)$`
 * (metacharacters escaped with a backslash), those literals are the only valid values, so the form
 * renders a <select> of them (see optionLabel). Any other pattern stays a free text input validated
 * by the expression.
 */
export function optionsFromPattern(pattern: string | null): string[] | null {
  if (!pattern) return null;
  const match = /^\^\((?:\?:)?(.*)\)\$$/su.exec(pattern);
  const body = match?.[1];
  if (body === undefined) return null;
  const alternatives: string[] = [];
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\') {
      const next = body[i + 1];
      // only an escaped metacharacter is a literal (\d, \w and friends are classes)
      if (next === undefined || !ESCAPABLE.includes(next)) return null;
      current += next;
      i++;
    } else if (ch === '|') {
      alternatives.push(current);
      current = '';
    } else if (SPECIAL.includes(ch)) {
      return null;
    } else {
      current += ch;
    }
  }
  alternatives.push(current);
  if (alternatives.length < 2 || alternatives.some((a) => a.trim() === '')) return null;
  return alternatives;
}

/** Characters with a meaning in a pattern (outside a class), and those that may also be escaped. */
const SPECIAL = '.*+?^$(){}[]|\\';
const ESCAPABLE = `${SPECIAL}/-`;

/** `self_employed` → "Self employed". */
export function humanize(value: string): string {
  const spaced = value.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * What a list value is called on screen: a translation when the app has one
 * (`onboarding.options.{attribute}.{value}`), a humanised code for snake_case codes
 * (`self_employed` → "Self employed"), otherwise the value itself (region names are names).
 */
export function optionLabel(attribute: string, value: string, translate: (key: string) => string | undefined): string {
  if (/^[a-z0-9_]+$/.test(value)) return translate(`onboarding.options.${attribute}.${value}`) ?? humanize(value);
  return value;
}

/** An attribute's pattern as a RegExp; null when absent or not a valid JS expression (the server still checks). */
export function compilePattern(pattern: string | null): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return null;
    }
  }
}
