// PDF (file-inspection.ts): kept as it is once it is a whole PDF with no other file inside and no
// active content.
import { constants as zlib, createInflateRaw } from 'node:zlib';
import { fail, hasForeignSignature, type InspectionResult } from './inspection-common.ts';

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
export async function inspectPdf(body: Buffer): Promise<InspectionResult> {
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
