/**
 * Input masks of attributes (`Attribute.mask`): `9` = a digit, `A` = a letter, `*` = a letter or
 * a digit; every other character is a literal, inserted automatically. Examples: '99/99/9999'
 * (a date), 'AA 99 99 99 A' (a UK National Insurance number).
 */
const tokens: Record<string, RegExp> = {
  '9': /^\d$/,
  A: /^\p{L}$/u,
  '*': /^[\p{L}\p{N}]$/u,
};

export function isMaskToken(char: string): boolean {
  return char in tokens;
}

function fits(token: string, char: string): boolean {
  return tokens[token]?.test(char) ?? false;
}

/**
 * Format what the customer typed (or pasted) with the mask. Characters that do not fit the next
 * slot are dropped; literals are inserted before the next typed character, and a literal the
 * customer typed in its place is kept (so deleting back over a separator works). Never longer than the mask.
 */
export function applyMask(mask: string, input: string): string {
  const chars = Array.from(input);
  const slots = Array.from(mask);
  let out = '';
  let i = 0;
  for (const slot of slots) {
    if (i >= chars.length) break;
    if (isMaskToken(slot)) {
      while (i < chars.length && !fits(slot, chars[i] as string)) i += 1;
      if (i >= chars.length) break;
      out += chars[i];
      i += 1;
    } else {
      out += slot;
      if (chars[i] === slot) i += 1;
    }
  }
  return out;
}

/** Whether a value fills every slot of the mask. */
export function isMaskComplete(mask: string, value: string): boolean {
  return applyMask(mask, value) === value && Array.from(value).length === Array.from(mask).length;
}

/** Whether every slot of the mask is a digit or a literal: a numeric keypad suits it. */
export function isNumericMask(mask: string): boolean {
  return Array.from(mask).every((c) => c === '9' || !isMaskToken(c));
}
