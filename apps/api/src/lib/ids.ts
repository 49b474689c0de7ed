import { randomInt, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Customer reference number: "CR" followed by 10 random digits (first digit non-zero). */
export function newCrn(): string {
  let digits = String(randomInt(1, 10));
  for (let i = 0; i < 9; i++) digits += String(randomInt(0, 10));
  return `CR${digits}`;
}

/** Any UUID, either case: ids in paths and payloads are checked with it before they reach SQL. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
