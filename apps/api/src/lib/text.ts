/**
 * Character rules of text the api accepts (docs/product/system.md#odd-input, #names-and-text). Pure; the request
 * guard (every body, query and path) and the onboarding attribute rules (names, text fields) use them.
 */

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls. PostgreSQL cannot store
 * U+0000 at all, and no field of the api means any of the others.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every control character, tab and line breaks included (single-line text such as a name). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A surrogate without its pair: not a character (stored, it would silently become U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Bidirectional embeddings, overrides and isolates: they reorder how text around them is shown. */
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Invisible formatting characters (Unicode category Cf): the bidirectional marks and controls
 * (U+200E/F, U+061C, U+202A-U+202E, U+2066-U+2069), zero-width space, joiners and word joiner
 * (U+200B-U+200D, U+2060), the byte-order mark (U+FEFF), the soft hyphen and the like.
 */
const INVISIBLE_FORMAT = /\p{Cf}/u;

export type TextProblem = 'control' | 'invalid' | 'bidi' | 'invisible' | 'mixed_script';

/**
 * The first problem of a text, or null:
 * - every text: no control character (tab and line breaks only where `multiline`), no lone surrogate;
 * - `display` text (shown to people: names, addresses): no bidirectional override either;
 * - `name`: no invisible formatting character at all, and no word mixing Latin, Cyrillic or Greek
 *   letters (look-alikes such as "Pаypal" with a Cyrillic а).
 */
export function textProblem(
  value: string,
  kind: 'any' | 'display' | 'name' = 'any',
  opts: { multiline?: boolean } = {},
): TextProblem | null {
  if ((opts.multiline && kind !== 'name' ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'invalid';
  if (kind === 'name') {
    if (INVISIBLE_FORMAT.test(value)) return 'invisible';
    if (mixedScriptWord(value) !== null) return 'mixed_script';
  } else if (kind === 'display' && BIDI_OVERRIDE.test(value)) return 'bidi';
  return null;
}

/** Control characters but tab and line breaks, or a lone surrogate: refused in any request field. */
export function hasForbiddenCharacter(value: string): boolean {
  return CONTROL_BUT_LINE_BREAKS.test(value) || LONE_SURROGATE.test(value);
}

const SCRIPTS: readonly [name: string, letter: RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];

/**
 * The first word (split at spaces, hyphens and apostrophes) whose letters come from more than one
 * of Latin, Cyrillic and Greek, or null. Whole names in one script ("Zoë", "Дмитрий", "Γιώργος")
 * and names whose words are each in one script pass.
 */
export function mixedScriptWord(value: string): string | null {
  for (const word of value.split(/[\s\-‐‑'’ʼ.]+/u)) {
    let seen: string | undefined;
    for (const ch of word) {
      const script = SCRIPTS.find(([, re]) => re.test(ch))?.[0];
      if (script === undefined) continue;
      if (seen !== undefined && seen !== script) return word;
      seen = script;
    }
  }
  return null;
}
