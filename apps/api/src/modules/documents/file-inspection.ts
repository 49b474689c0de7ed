// What an uploaded page must be (docs/product/account-verification.md#upload): JPEG, PNG, HEIC or PDF,
// judged by its content (never its name or declared type), within the size limit, and stored without
// metadata. Images are decoded and re-encoded (EXIF orientation applied; EXIF, GPS, XMP and ICC
// dropped), HEIC becomes JPEG; a PDF is kept as it is once it shows no active content.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { constants as zlib, createInflateRaw } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

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
/** Zero bytes tolerated after a JPEG's end-of-image or a PNG's IEND (some encoders pad). */
const MAX_TRAILING_PADDING = 4096;
const JPEG_QUALITY = 90;
const HEIC_QUALITY = 0.9;
const HEIC_TIMEOUT_MS = 60_000;
/** HEIC conversions run at once (each in its own worker thread); the others wait. */
const HEIC_CONCURRENCY = 2;

const fail = (error: InspectionError): InspectionResult => ({ ok: false, error });

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

// ---------------------------------------------------------------- JPEG and PNG

async function cleanImage(
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

function hasForeignSignature(body: Buffer, { pdf = true } = {}): boolean {
  const text = body.toString('latin1');
  return (
    ZIP_LOCAL_HEADER.test(text) ||
    ZIP_END_OF_DIRECTORY.test(text) ||
    MARKUP.test(text) ||
    (pdf && PDF_HEADER.test(text))
  );
}

// ---------------------------------------------------------------- HEIC

const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/** The brands of an ISO-BMFF file's leading `ftyp` box: the major brand, then the compatible ones. */
function ftypBrands(b: Buffer): string[] {
  if (b.length < 16 || b.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(b.toString('latin1', i, i + 4));
  return brands;
}

/** HEIC → JPEG with heic-convert (in a worker: the decoder is synchronous), then the JPEG path. */
async function inspectHeic(body: Buffer): Promise<InspectionResult> {
  const pixels = heicLargestImage(body);
  if (pixels === null || pixels > MAX_INPUT_PIXELS) return fail('damaged');
  let jpeg: Buffer;
  try {
    jpeg = await limitHeic(() => heicToJpeg(body));
  } catch {
    return fail('damaged');
  }
  return cleanImage(jpeg, 'image/jpeg', 'image/heic');
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function childBoxes(b: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let i = start;
  while (i + 8 <= end) {
    let size = b.readUInt32BE(i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > end) break;
      size = Number(b.readBigUInt64BE(i + 8));
      header = 16;
    } else if (size === 0) {
      size = end - i; // to the end
    }
    if (size < header || i + size > end) break;
    boxes.push({ type: b.toString('latin1', i + 4, i + 8), start: i + header, end: i + size });
    i += size;
  }
  return boxes;
}

/**
 * The pixel count of the largest image a HEIF declares (its `ispe` properties: meta → iprp → ipco),
 * read before anything is decoded; null when it declares none.
 */
function heicLargestImage(b: Buffer): number | null {
  const find = (boxes: Box[], type: string) => boxes.filter((box) => box.type === type);
  let largest: number | null = null;
  for (const meta of find(childBoxes(b, 0, b.length), 'meta')) {
    for (const iprp of find(childBoxes(b, meta.start + 4, meta.end), 'iprp')) {
      for (const ipco of find(childBoxes(b, iprp.start, iprp.end), 'ipco')) {
        for (const ispe of find(childBoxes(b, ipco.start, ipco.end), 'ispe')) {
          if (ispe.end - ispe.start < 12) return null;
          const pixels = b.readUInt32BE(ispe.start + 4) * b.readUInt32BE(ispe.start + 8);
          largest = Math.max(largest ?? 0, pixels);
        }
      }
    }
  }
  return largest;
}

const HEIC_CONVERT = createRequire(import.meta.url).resolve('heic-convert');
// heic-convert decodes with libheif (WebAssembly) and encodes with jpeg-js, synchronously: about two
// seconds for a 12 MP photo, which would stall every request on this instance; so it runs in a worker.
const HEIC_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const convert = require(workerData.module);
convert({ buffer: workerData.input, format: 'JPEG', quality: workerData.quality }).then(
  (jpeg) => parentPort.postMessage({ jpeg }),
  (err) => parentPort.postMessage({ error: String((err && err.message) || err) }),
);
`;

function heicToJpeg(input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HEIC_WORKER, {
      eval: true,
      workerData: { module: HEIC_CONVERT, input, quality: HEIC_QUALITY },
    });
    const done = (settle: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => done(() => reject(new Error('HEIC conversion timed out'))), HEIC_TIMEOUT_MS);
    worker.once('message', (m: { jpeg?: Uint8Array; error?: string }) =>
      done(() =>
        m.jpeg
          ? resolve(Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength))
          : reject(new Error(m.error ?? 'HEIC conversion failed')),
      ),
    );
    worker.once('error', (err) => done(() => reject(err)));
    worker.once('exit', (code) => done(() => reject(new Error(`HEIC worker exited (${code})`))));
  });
}

let heicRunning = 0;
const heicWaiting: (() => void)[] = [];

async function limitHeic<T>(work: () => Promise<T>): Promise<T> {
  if (heicRunning >= HEIC_CONCURRENCY) await new Promise<void>((go) => heicWaiting.push(go));
  else heicRunning += 1;
  try {
    return await work();
  } finally {
    const next = heicWaiting.shift();
    if (next) next();
    else heicRunning -= 1;
  }
}

// ---------------------------------------------------------------- PDF

/**
 * Names of active content: scripts, launched programs, embedded files, rich media, forms that send
 * or fetch data. Long enough that compressed or pixel bytes never spell them by chance, so they are
 * looked for everywhere, in the decompressed streams too (where PDF 1.5+ object streams hide objects).
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaExecute',
  'SubmitForm',
  'ImportData',
]);
/** Short ones (random bytes do spell them): looked for in the object syntax only. */
const ACTIVE_SHORT_NAMES = new Set(['JS', 'AA', 'XFA']);
/**
 * What would keep objects out of sight: encryption and the filters, other than Flate, that an object
 * stream could be hidden behind (the image-only ones, DCT, JPX, CCITT and JBIG2, cannot hold objects).
 */
const HIDING_NAMES = new Set(['Encrypt', 'Crypt', 'ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode', 'RunLengthDecode']);
const HIDING_SHORT_NAMES = new Set(['AHx', 'A85', 'LZW', 'RL']);
/** Decompressed stream bytes a PDF may have in all; past this it is a bomb, and `damaged`. */
export const MAX_PDF_INFLATED_BYTES = 256 * 1024 * 1024;

type PdfVerdict = 'active_content' | 'damaged' | null;

/**
 * A PDF is stored as it is, so it must be a whole PDF (`%PDF-` first, `%%EOF` in its last KB) with
 * no other file inside and no active content. An `/OpenAction` that only shows a page is fine; one
 * that runs a script names `/JavaScript`, which is refused.
 */
async function inspectPdf(body: Buffer): Promise<InspectionResult> {
  if (body.toString('latin1', 0, 5) !== '%PDF-') return fail('damaged');
  if (!body.subarray(Math.max(0, body.length - 1024)).includes('%%EOF')) return fail('damaged');
  if (hasForeignSignature(body, { pdf: false })) return fail('polyglot');
  const verdict = await pdfVerdict(body);
  if (verdict) return fail(verdict);
  return { ok: true, file: { contentType: 'application/pdf', extension: 'pdf', body, sourceType: 'application/pdf' } };
}

/**
 * Reads the PDF's names (`/J#61vaScript` is `/JavaScript`) conservatively, without parsing objects:
 * - the long names in every byte of the file, and in every stream that decompresses as Flate
 *   (object streams keep objects there, compressed), tried after every `stream` keyword;
 * - the short names too in what is neither Flate data nor binary (image) data: the object syntax,
 *   less its strings and comments.
 * Encryption or an obsolete filter, which could hide objects from this, makes the file `damaged`,
 * like a Flate bomb or broken Flate data.
 */
async function pdfVerdict(body: Buffer): Promise<PdfVerdict> {
  const pdf = body.toString('latin1');
  const binary: [number, number][] = [];
  const budget = { left: MAX_PDF_INFLATED_BYTES };
  let previousEnd = 0;
  // The `stream` keyword, then anything up to the end of its line (as pdf.js reads it).
  for (const m of pdf.matchAll(/(?<!end)stream(?![^\0\t\n\f\r ()<>[\]{}/%])[^\r\n]*(?:\r\n|\n|\r)/g)) {
    const start = m.index + m[0].length;
    let end = pdf.indexOf('endstream', start);
    if (end < 0) end = pdf.length;
    // Flate data ends by itself: it is read to its own end, whatever `endstream` it may hold.
    const { verdict, flate, failed } = await inflatedVerdict(body.subarray(start), budget);
    if (verdict) return verdict;
    // Data that starts like zlib and fails: image data by chance when its dictionary says so (an
    // image-only filter, no Flate); else broken Flate, whose last output zlib drops unseen.
    const dictionary = pdf.slice(Math.max(previousEnd <= m.index ? previousEnd : 0, m.index - 65_536), m.index);
    if (failed && !imageDataOnly(dictionary)) return 'damaged';
    if (flate || looksBinary(body.subarray(start, Math.min(end, start + 16)))) binary.push([start, end]);
    previousEnd = Math.max(previousEnd, end);
  }
  let objectSyntax = '';
  let from = 0;
  for (const [start, end] of binary) {
    if (start >= from) objectSyntax += `${pdf.slice(from, start)} `;
    from = Math.max(from, end);
  }
  objectSyntax += pdf.slice(from);
  return namesVerdict(pdf, false) ?? namesVerdict(withoutStringsAndComments(objectSyntax), true);
}

/**
 * The object syntax with its string literals and comments blanked out, so that a short name is not
 * read in a URL or a title (`(https://example.com/JS/)`). Long names are read in strings all the same.
 */
function withoutStringsAndComments(text: string): string {
  const parts: string[] = [];
  const opener = /[%(]/g;
  let from = 0;
  for (let m = opener.exec(text); m; m = opener.exec(text)) {
    let end: number;
    if (m[0] === '%') {
      const eol = /[\r\n]/g;
      eol.lastIndex = m.index;
      end = eol.exec(text)?.index ?? text.length;
    } else {
      let depth = 0;
      for (end = m.index; end < text.length; end++) {
        const c = text[end];
        if (c === '\\') end++;
        else if (c === '(') depth++;
        else if (c === ')' && --depth === 0) break;
      }
      end += 1;
    }
    parts.push(text.slice(from, m.index), ' ');
    from = Math.min(end, text.length);
    opener.lastIndex = from;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

const IMAGE_FILTER = /\/Filter\s*\[?\s*\/(?:DCTDecode|DCT|JPXDecode|CCITTFaxDecode|CCF|JBIG2Decode)[\s/\]>]/;

/** Whether a stream's dictionary (what precedes its `stream` keyword) has an image filter, and no Flate. */
function imageDataOnly(dictionary: string): boolean {
  return IMAGE_FILTER.test(dictionary) && !someName(dictionary, (name) => name === 'FlateDecode' || name === 'Fl');
}

/** Image or compressed bytes rather than text: a quarter of the first bytes are not printable. */
function looksBinary(head: Buffer): boolean {
  let other = 0;
  for (const byte of head) if ((byte < 0x20 || byte > 0x7e) && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) other++;
  return other * 4 >= head.length && head.length > 0;
}

/** The verdict on the names of `text`, short ones included or not. */
function namesVerdict(text: string, withShort: boolean): PdfVerdict {
  let verdict: PdfVerdict = null;
  someName(text, (name) => {
    if (ACTIVE_NAMES.has(name) || (withShort && ACTIVE_SHORT_NAMES.has(name))) verdict = 'active_content';
    else if (HIDING_NAMES.has(name) || (withShort && HIDING_SHORT_NAMES.has(name))) verdict = 'damaged';
    return verdict !== null;
  });
  return verdict;
}

/** The longest name token worth reading across two decompressed chunks (`#xx`-escaped long names fit). */
const MAX_NAME_TOKEN = 64;
/** What is kept of a chunk for a `<script` cut in two. */
const SCRIPT_OVERLAP = 8;

interface InflatedVerdict {
  verdict: PdfVerdict;
  /** It decompressed to something. */
  flate: boolean;
  /** It started like zlib data and failed. */
  failed: boolean;
}

/**
 * Decompresses stream data as Flate, chunk by chunk (off the main thread), and looks for the long
 * names and a `<script` (an XFA form's scripts) in it. Like pdf.js, it needs a zlib header and does
 * not check the Adler-32 at the end. It says when the data failed: zlib drops the output of the
 * chunk that failed, so this check cannot vouch for it (MuPDF keeps it).
 */
function inflatedVerdict(data: Buffer, budget: { left: number }): Promise<InflatedVerdict> {
  // Deflate, a window of at most 32 KB, the header check, no preset dictionary.
  const [cmf = 0, flg = 0] = data;
  if ((cmf & 0x0f) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0 || flg & 0x20) {
    return Promise.resolve({ verdict: null, flate: false, failed: false });
  }
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ finishFlush: zlib.Z_SYNC_FLUSH });
    let carry = '';
    let flate = false;
    let settled = false;
    const settle = (verdict: PdfVerdict, failed = false) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve({ verdict, flate, failed });
    };
    // A name running to the end of a chunk may go on in the next one: it is read there, whole.
    const look = (text: string, last: boolean): PdfVerdict => {
      const open = last ? 0 : openNameLength(text);
      const verdict =
        namesVerdict(text.slice(0, text.length - open), false) ?? (/<script/i.test(text) ? 'active_content' : null);
      carry = text.slice(-Math.max(SCRIPT_OVERLAP, open <= MAX_NAME_TOKEN ? open : 0));
      return verdict;
    };
    inflater.on('data', (chunk: Buffer) => {
      flate = true;
      budget.left -= chunk.length;
      if (budget.left < 0) return settle('damaged');
      const verdict = look(carry + chunk.toString('latin1'), false);
      if (verdict) settle(verdict);
    });
    inflater.on('error', () => settle(look(carry, true), true));
    // The end of the Flate data; what follows (Adler-32, `endstream`, the rest of the file) is left.
    inflater.on('end', () => settle(look(carry, true)));
    inflater.end(data.subarray(2));
  });
}

/** The length of a name token that runs to the end of `text`, 0 when the text ends otherwise. */
function openNameLength(text: string): number {
  const slash = text.lastIndexOf('/');
  if (slash < 0 || PDF_NAME_END.test(text.slice(slash + 1))) return 0;
  return text.length - slash;
}

const PDF_NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
const PDF_NAME_END = /[\0\t\n\f\r ()<>[\]{}/%]/;

/** Calls `found` with each `/Name` of the text, `#xx` escapes decoded, until it returns true. */
function someName(text: string, found: (name: string) => boolean): boolean {
  for (const m of text.matchAll(PDF_NAME)) {
    const raw = m[1]!;
    const name = raw.includes('#')
      ? raw.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : raw;
    if (found(name)) return true;
  }
  return false;
}
