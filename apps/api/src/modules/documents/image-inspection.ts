// JPEG and PNG (file-inspection.ts): whole, nothing appended or hidden, decoded and re-encoded by sharp
// (EXIF orientation applied; EXIF, GPS, XMP and ICC dropped).
import sharp from 'sharp';
import {
  fail,
  hasForeignSignature,
  MAX_INPUT_PIXELS,
  type AcceptedType,
  type InspectionResult,
} from './inspection-common.ts';

/** Zero bytes tolerated after a JPEG's end-of-image or a PNG's IEND (some encoders pad). */
const MAX_TRAILING_PADDING = 4096;
const JPEG_QUALITY = 90;

export async function cleanImage(
  body: Buffer,
  format: 'image/jpeg' | 'image/png',
  sourceType: AcceptedType,
): Promise<InspectionResult> {
  const end = format === 'image/jpeg' ? jpegEnd(body) : pngEnd(body);
  if (end === null) return fail('damaged');
  if (!isPadding(body.subarray(end)) || hasForeignSignature(body)) return fail('polyglot');
  try {
    // failOn 'error': truncated or corrupt pixel data throws (warnings alone do not).
    const image = sharp(body, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    // No withMetadata/keepExif: sharp writes no EXIF, XMP or ICC profile (pixels are converted to sRGB).
    const encoded = format === 'image/jpeg' ? image.jpeg({ quality: JPEG_QUALITY }) : image.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      file: {
        contentType: format,
        extension: format === 'image/jpeg' ? 'jpg' : 'png',
        body: data,
        sourceType,
        width: info.width,
        height: info.height,
      },
    };
  } catch {
    return fail('damaged');
  }
}

/**
 * Where a JPEG ends: just past its end-of-image marker, found by walking the marker segments (so
 * an EXIF thumbnail's own markers are skipped) and the entropy-coded data after each start-of-scan.
 * null when it has none (truncated).
 */
function jpegEnd(b: Buffer): number | null {
  let i = 2; // after SOI
  for (;;) {
    i = b.indexOf(0xff, i); // decoders skip stray bytes before a marker, so do we
    if (i < 0 || i + 1 >= b.length) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
    } else if (marker === 0xd9) {
      return i + 2; // EOI
    } else if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // no length
    } else {
      if (i + 4 > b.length) return null;
      const length = b.readUInt16BE(i + 2);
      if (length < 2) return null;
      i += 2 + length;
      if (marker === 0xda) i = entropyDataEnd(b, i);
    }
  }
}

/** The next marker after entropy-coded data: a 0xFF not followed by a stuffed 0x00 or a restart marker. */
function entropyDataEnd(b: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = b.indexOf(0xff, i);
    if (i < 0 || i + 1 >= b.length) return b.length;
    const next = b[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
    else if (next === 0xff) i += 1;
    else return i;
  }
}

/** Where a PNG ends: just past its IEND chunk; null when a chunk runs past the end or there is none. */
function pngEnd(b: Buffer): number | null {
  let i = 8; // after the signature
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const end = i + 12 + length; // length, type, data, CRC
    if (length > 0x7fffffff || end > b.length) return null;
    if (b.toString('latin1', i + 4, i + 8) === 'IEND') return end;
    i = end;
  }
  return null;
}

function isPadding(trailing: Buffer): boolean {
  return trailing.length <= MAX_TRAILING_PADDING && trailing.every((byte) => byte === 0);
}
