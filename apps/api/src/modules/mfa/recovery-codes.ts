import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@remit/contract';
import { hmacBase64Url } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function part(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Ten single-use `xxxxx-xxxxx` codes, shown once; stored as HMAC(APP_KEY) only. */
export class RecoveryCodes {
  constructor(private readonly appKey: string) {}

  hash(customerId: string, code: string): string {
    return hmacBase64Url(this.appKey, `recovery:${customerId}:${code.trim().toLowerCase()}`);
  }

  looksLikeRecoveryCode(value: string): boolean {
    return RECOVERY_CODE_PATTERN.test(value.trim().toLowerCase());
  }

  generate(customerId: string): { codes: string[]; rows: { id: string; code_hash: string }[] } {
    const codes = new Set<string>();
    while (codes.size < RECOVERY_CODE_COUNT) codes.add(`${part()}-${part()}`);
    const list = [...codes];
    return { codes: list, rows: list.map((c) => ({ id: newId(), code_hash: this.hash(customerId, c) })) };
  }
}
