// HEIC (file-inspection.ts): its declared size checked before anything is decoded, converted to JPEG in
// a worker thread, then cleaned as a JPEG.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { cleanImage } from './image-inspection.ts';
import { fail, MAX_INPUT_PIXELS, type InspectionResult } from './inspection-common.ts';

const HEIC_QUALITY = 0.9;
const HEIC_TIMEOUT_MS = 60_000;
/** HEIC conversions run at once (each in its own worker thread); the others wait. */
const HEIC_CONCURRENCY = 2;

export const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/** The brands of an ISO-BMFF file's leading `ftyp` box: the major brand, then the compatible ones. */
export function ftypBrands(b: Buffer): string[] {
  if (b.length < 16 || b.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(b.toString('latin1', i, i + 4));
  return brands;
}

/** HEIC → JPEG with heic-convert (in a worker: the decoder is synchronous), then the JPEG path. */
export async function inspectHeic(body: Buffer): Promise<InspectionResult> {
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
