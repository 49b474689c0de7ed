/**
 * The contract's Attribute has no list of allowed values. We do not invent wire semantics for it:
 * when an attribute's `regular_expression` is an anchored alternation of plain words, like
 * `^(employed|self_employed|student)$` or `^(?:yes|no)$`, those words are the only valid values,
 * so the form renders a <select> of them (labels humanised: `self_employed` → "Self employed").
 * Any other pattern stays a free text input validated by the expression.
 */
export function optionsFromPattern(pattern: string | null): string[] | null {
  if (!pattern) return null;
  const match = /^\^\((?:\?:)?([^()[\]{}]*)\)\$$/.exec(pattern);
  const body = match?.[1];
  if (body === undefined) return null;
  const alternatives = body.split('|');
  if (alternatives.length < 2) return null;
  if (!alternatives.every((a) => /^[A-Za-z0-9_ -]+$/.test(a))) return null;
  return alternatives;
}

/** `self_employed` → "Self employed". */
export function humanize(value: string): string {
  const spaced = value.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
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
