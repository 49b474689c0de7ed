import type { DocumentType } from '@remit/contract';

/**
 * Small checks and words the upload paths share (docs/product/account-verification.md): through the
 * api (upload-pipeline.ts), straight to storage (upload-targets.ts) and the previews.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page as the messages name it: "Page 1". */
export const pageWords = (index: number): string => `Page ${index + 1}`;

/** The accepted file types of a document type in words: "a JPEG, PNG or PDF file". */
export function acceptedInWords(type: DocumentType): string {
  const names = type.accepted_types.map(
    (t) => ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC', 'application/pdf': 'PDF' })[t],
  );
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `a ${list} file`;
}

/** The declared type of a file to come (the content decides later); HEIC goes by several names. */
export function acceptsDeclaredType(type: DocumentType, declared: string): boolean {
  const heic = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
  return type.accepted_types.some((t) => (t === 'image/heic' ? heic.includes(declared) : t === declared));
}

/** The base name of a file as the device named it: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // By characters, not UTF-16 units: a cut emoji would leave half a surrogate pair, which jsonb refuses.
  const cleaned = [...base.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '').trim()].slice(0, 255).join('');
  return cleaned === '' ? null : cleaned;
}
