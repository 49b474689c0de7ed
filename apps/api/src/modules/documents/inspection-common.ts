// What every check of an uploaded page shares (file-inspection.ts): the accepted types, the result, the
// pixel ceiling, and the test for a second file hidden inside the first.
export type AcceptedType = 'image/jpeg' | 'image/png' | 'image/heic' | 'application/pdf';
export type InspectionError = 'empty' | 'too_large' | 'unsupported_type' | 'damaged' | 'active_content' | 'polyglot';

export interface CleanFile {
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  extension: 'jpg' | 'png' | 'pdf';
  body: Buffer;
  /** What was uploaded: a HEIC is stored as a JPEG. */
  sourceType: AcceptedType;
  width?: number;
  height?: number;
}

export interface InspectionOptions {
  maxBytes: number;
  accept: readonly AcceptedType[];
}

export type InspectionResult = { ok: true; file: CleanFile } | { ok: false; error: InspectionError };

/** Decompression bombs: an image of more pixels than this is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const fail = (error: InspectionError): InspectionResult => ({ ok: false, error });

// A second file's signature where an image or a PDF has no business holding one. The ZIP records are
// matched with the fields that follow their magic (so compressed data does not match by chance): a
// local file header (version needed <= 6.3, stored or deflated) and an end of central directory (one
// disk, as many entries on it as in all).
/* eslint-disable no-control-regex -- binary signatures, matched in a latin1 string */
const ZIP_LOCAL_HEADER = /PK\x03\x04[\x00-\x3f]\x00[\s\S]{2}[\x00\x08]\x00/;
const ZIP_END_OF_DIRECTORY = /PK\x05\x06\x00\x00\x00\x00([\s\S]{2})\1/;
/* eslint-enable no-control-regex */
const MARKUP = /<script|<html[\s>]|<\?php\s/i;
const PDF_HEADER = /%PDF-\d/;

export function hasForeignSignature(body: Buffer, { pdf = true } = {}): boolean {
  const text = body.toString('latin1');
  return (
    ZIP_LOCAL_HEADER.test(text) ||
    ZIP_END_OF_DIRECTORY.test(text) ||
    MARKUP.test(text) ||
    (pdf && PDF_HEADER.test(text))
  );
}
