// What an uploaded page must be (docs/product/account-verification.md#upload): JPEG, PNG, HEIC or PDF,
// judged by its content (never its name or declared type), within the size limit, and stored without
// metadata. Images are decoded and re-encoded (EXIF orientation applied; EXIF, GPS, XMP and ICC
// dropped), HEIC becomes JPEG; a PDF is kept as it is once it shows no active content.
// The checks by concern: image-inspection.ts (JPEG, PNG), heic-inspection.ts, pdf-inspection.ts, and
// what they share in inspection-common.ts.
import { fileTypeFromBuffer } from 'file-type';
import { cleanImage } from './image-inspection.ts';
import { ftypBrands, HEVC_BRANDS, inspectHeic } from './heic-inspection.ts';
import { fail, type AcceptedType, type InspectionOptions, type InspectionResult } from './inspection-common.ts';
import { inspectPdf } from './pdf-inspection.ts';

export {
  MAX_INPUT_PIXELS,
  type AcceptedType,
  type CleanFile,
  type InspectionError,
  type InspectionOptions,
  type InspectionResult,
} from './inspection-common.ts';
export { MAX_PDF_INFLATED_BYTES } from './pdf-inspection.ts';

/** Checks an uploaded page and returns the bytes to store, or why it is refused. */
export async function inspectFile(body: Buffer, opts: InspectionOptions): Promise<InspectionResult> {
  if (body.length === 0) return fail('empty');
  if (body.length > opts.maxBytes) return fail('too_large');
  const type = await detectType(body);
  if (!type || !opts.accept.includes(type)) return fail('unsupported_type');
  switch (type) {
    case 'application/pdf':
      return await inspectPdf(body);
    case 'image/heic':
      return inspectHeic(body);
    default:
      return cleanImage(body, type, type);
  }
}

/** By content only (file-type's signatures); a HEIF is HEIC when its brands say HEVC. */
async function detectType(body: Buffer): Promise<AcceptedType | null> {
  const detected = await fileTypeFromBuffer(body);
  switch (detected?.mime) {
    case 'image/jpeg':
    case 'image/png':
    case 'image/heic':
    case 'application/pdf':
      return detected.mime;
    case 'image/heif':
      return ftypBrands(body).some((brand) => HEVC_BRANDS.has(brand)) ? 'image/heic' : null;
    default:
      return null;
  }
}
