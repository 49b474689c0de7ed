import { describe, expect, it } from 'vitest';
import { forbiddenCharacterErrors, MAX_INPUT_DEPTH, nestedDeeperThan } from './input-guard.ts';
import { hasForbiddenCharacter, mixedScriptWord, textProblem } from './text.ts';

/** docs/product/system.md#odd-input and #names-and-text */

describe('nestedDeeperThan', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };

  it('counts the top-level object as level 1 and never recurses', () => {
    expect(nestedDeeperThan('x')).toBe(false);
    expect(nestedDeeperThan(nest(MAX_INPUT_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nest(MAX_INPUT_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan(nest(200_000))).toBe(true);
    expect(nestedDeeperThan({ a: [1, 2, { b: null }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, 2, { b: {} }] }, 3)).toBe(true);
  });
});

describe('forbiddenCharacterErrors', () => {
  it('reports each field with a control character or a lone surrogate, in document order, keys on their parent', () => {
    const errors = forbiddenCharacterErrors({
      first_name: 'An\u0000n',
      note: 'line 1\nline 2\ttabbed\r',
      address: { line_1: '\u001b[31m', ['bad\u0000key']: 'x' },
      list: ['ok', '\ud800'],
      constructor: '\u007f',
    });
    expect(errors).not.toBeNull();
    expect(Object.getPrototypeOf(errors)).toBeNull();
    expect({ ...errors }).toEqual({
      first_name: ['The first name field must not contain control characters.'],
      'address.line_1': ['The line 1 field must not contain control characters.'],
      address: ['A field name contains a control character.'],
      'list.1': ['The 1 field must not contain control characters.'],
      constructor: ['The constructor field must not contain control characters.'],
    });
    expect(Object.keys(errors!)).toEqual(['first_name', 'address', 'address.line_1', 'list.1', 'constructor']);
    expect(forbiddenCharacterErrors('\u0000')).toEqual({
      body: ['The body field must not contain control characters.'],
    });
    expect(forbiddenCharacterErrors({ ok: 'José\u200f', n: 1, b: null })).toBeNull();
  });

  it('stops after 20 fields', () => {
    const body = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, '\u0000']));
    expect(Object.keys(forbiddenCharacterErrors(body)!)).toHaveLength(20);
  });
});

describe('text rules', () => {
  it('hasForbiddenCharacter: C0 (but tab and line breaks), DEL, C1 and lone surrogates', () => {
    for (const ch of [
      '\u0000',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      '\udc00',
    ])
      expect(hasForbiddenCharacter(`a${ch}b`), JSON.stringify(ch)).toBe(true);
    for (const s of ['a\tb', 'a\nb', 'a\r\nb', '😀', 'Zoë', '\u00a0', '\u200b'])
      expect(hasForbiddenCharacter(s), JSON.stringify(s)).toBe(false);
  });

  it('textProblem by kind', () => {
    expect(textProblem('a\nb', 'any', { multiline: true })).toBeNull();
    expect(textProblem('a\nb', 'display')).toBe('control');
    expect(textProblem('a\nb', 'name', { multiline: true })).toBe('control');
    expect(textProblem('abc\u202e', 'display')).toBe('bidi');
    expect(textProblem('abc\u200f', 'display')).toBeNull();
    expect(textProblem('abc\u200f', 'name')).toBe('invisible');
    expect(textProblem('a\u00adb', 'name')).toBe('invisible'); // soft hyphen
    expect(textProblem('Pаypal', 'name')).toBe('mixed_script');
    expect(textProblem('Pаypal', 'display')).toBeNull();
  });

  it('mixedScriptWord: per word, Latin, Cyrillic and Greek', () => {
    expect(mixedScriptWord('Pаypal')).toBe('Pаypal');
    expect(mixedScriptWord('Anne-Mаrie')).toBe('Mаrie');
    expect(mixedScriptWord('Ivan Петров')).toBeNull();
    expect(mixedScriptWord('Γιώργος Papadopoulos')).toBeNull();
    expect(mixedScriptWord('Nguyễn Thị Minh Khai')).toBeNull();
    expect(mixedScriptWord("D'Artagnan O’Brien")).toBeNull();
    expect(mixedScriptWord('王小明')).toBeNull();
    expect(mixedScriptWord('Zoe\u0308')).toBeNull(); // a combining mark belongs to no alphabet
  });
});
