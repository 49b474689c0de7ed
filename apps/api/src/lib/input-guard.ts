import { emptyFieldErrors, type FieldErrors } from './app-error.ts';
import { hasForbiddenCharacter } from './text.ts';

/**
 * Guards every request's input before validation (docs/product/system.md#odd-input). Both walks
 * are iterative, so no input, however deep, can exhaust the stack.
 */

/** Objects and arrays nested deeper than this are refused (no call of the api nests more than 3). */
export const MAX_INPUT_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

/** Whether a parsed value nests objects/arrays more than `max` levels (the top-level object is level 1). */
export function nestedDeeperThan(value: unknown, max: number = MAX_INPUT_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

const label = (field: string): string => (field.split('.').pop() ?? field).replace(/_/g, ' ') || 'body';

/** At most this many fields are reported (a body may hold thousands of bad strings). */
const MAX_REPORTED_FIELDS = 20;

/**
 * 422 field errors for the strings (values or keys) with a control character other than tab and
 * line breaks, or a lone surrogate; null when there are none. The field is the dotted path
 * (`address.line_1`), `root` for a bare value; a bad key is reported on its parent. Fields come in
 * document order.
 */
export function forbiddenCharacterErrors(value: unknown, root = 'body'): FieldErrors | null {
  let errors: FieldErrors | null = null;
  const add = (field: string, message: string): boolean => {
    errors ??= emptyFieldErrors();
    if (!(field in errors)) errors[field] = [message];
    return Object.keys(errors).length >= MAX_REPORTED_FIELDS;
  };
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    const field = path || root;
    if (typeof v === 'string') {
      if (hasForbiddenCharacter(v) && add(field, `The ${label(field)} field must not contain control characters.`))
        break;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const children: [unknown, string][] = [];
    for (const [key, child] of Object.entries(v)) {
      if (hasForbiddenCharacter(key)) {
        if (add(field, 'A field name contains a control character.')) return errors;
        continue;
      }
      children.push([child, path ? `${path}.${key}` : key]);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return errors;
}
