// inspectFile (docs/product/account-verification.md#upload). Fixtures are made here with sharp and
// by hand; the one HEIC (test/fixtures/documents/quadrants-64x48.heic: red, green, blue and white
// quadrants) was encoded once with libheif's heif-enc (x265), since nothing here encodes HEIC.
import { readFileSync } from 'node:fs';
import { constants as zlib, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectFile, MAX_INPUT_PIXELS, type AcceptedType, type InspectionResult } from './file-inspection.ts';

const ALL: readonly AcceptedType[] = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'];
const MB = 1024 * 1024;
const inspect = (body: Buffer, accept: readonly AcceptedType[] = ALL, maxBytes = 10 * MB) =>
  inspectFile(body, { maxBytes, accept });

function expectError(result: InspectionResult, error: string) {
  expect(result).toEqual({ ok: false, error });
}

function expectFile(result: InspectionResult) {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.file;
}

const HEIC = readFileSync(new URL('../../../test/fixtures/documents/quadrants-64x48.heic', import.meta.url));

/** Deterministic bytes that look random (xorshift32). */
function noise(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function picture(width = 120, height = 80) {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}

const jpeg = (width?: number, height?: number) => picture(width, height).jpeg().toBuffer();
const png = (width?: number, height?: number) => picture(width, height).png().toBuffer();

/** A zip archive with one stored file. */
function zipArchive(): Buffer {
  const name = Buffer.from('evil.js');
  const data = Buffer.from('alert(1)');
  const local = Buffer.alloc(30);
  local.write('PK\x03\x04', 0, 'latin1');
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.write('PK\x01\x02', 0, 'latin1');
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.write('PK\x05\x06', 0, 'latin1');
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

// ---------------------------------------------------------------- PDF builders

/** A PDF with these objects (numbered from 1; the first is the catalog), a classic xref and trailer. */
function buildPdf(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream'),
  ]);
}

/** One page saying Hello; `catalog` adds entries to the catalog, `more` adds objects (6, 7, ...). */
function helloPdf({
  catalog = '',
  more = [] as (string | Buffer)[],
  content = 'BT /F1 24 Tf 72 720 Td (Hello) Tj ET',
} = {}) {
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', deflateSync(content)),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...more,
  ]);
}

/** An object stream holding object 6, Flate-compressed. */
function objectStream(object: string, dictionary = '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode') {
  return stream(dictionary, deflateSync(`6 0 ${object}`));
}

// ---------------------------------------------------------------- tests

describe('inspectFile: size and type', () => {
  it('refuses an empty file', async () => {
    expectError(await inspect(Buffer.alloc(0)), 'empty');
  });

  it('refuses a file over the limit, before looking at it', async () => {
    const body = await jpeg();
    expectError(await inspect(body, ALL, body.length - 1), 'too_large');
    expect((await inspect(body, ALL, body.length)).ok).toBe(true);
  });

  it('refuses a renamed Windows executable', async () => {
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'latin1');
    exe.writeUInt16LE(0x14c, 0x84);
    expectError(await inspect(exe), 'unsupported_type');
  });

  it('refuses an ELF executable', async () => {
    const elf = Buffer.alloc(256);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(elf);
    elf.writeUInt16LE(2, 16); // executable
    elf.writeUInt16LE(0x3e, 18); // x86-64
    expectError(await inspect(elf), 'unsupported_type');
  });

  it.each([
    ['a zip', () => zipArchive()],
    ['a gif', () => picture().gif().toBuffer()],
    ['a webp', () => picture().webp().toBuffer()],
    ['an avif (HEIF, but AV1)', () => picture().avif().toBuffer()],
    ['an svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an html page', () => Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['plain text', () => Buffer.from('just some text, nothing else\n')],
    ['random bytes', () => noise(4096)],
  ])('refuses %s', async (_name, make) => {
    expectError(await inspect(await make()), 'unsupported_type');
  });

  it('goes by content, and only accepts what it is asked to', async () => {
    expectError(await inspect(helloPdf(), ['image/jpeg', 'image/png', 'image/heic']), 'unsupported_type');
    expectError(await inspect(await jpeg(), ['application/pdf']), 'unsupported_type');
    expectError(await inspect(HEIC, ['image/jpeg', 'image/png', 'application/pdf']), 'unsupported_type');
    expect(expectFile(await inspect(await png(), ['image/png'])).contentType).toBe('image/png');
  });
});

describe('inspectFile: JPEG and PNG', () => {
  it('re-encodes a JPEG without its EXIF (GPS), XMP or ICC profile', async () => {
    const input = await picture(120, 80)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Model: 'Secret Model' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Model');
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const file = expectFile(await inspect(input));
    expect(file).toMatchObject({
      contentType: 'image/jpeg',
      extension: 'jpg',
      sourceType: 'image/jpeg',
      width: 120,
      height: 80,
    });
    const after = await sharp(file.body).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(file.body.includes('Secret Model')).toBe(false);
  });

  it('applies the EXIF orientation (6: turned a quarter) and drops it', async () => {
    const input = await picture(80, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(input).metadata()).toMatchObject({ width: 80, height: 40, orientation: 6 });
    const file = expectFile(await inspect(input));
    expect([file.width, file.height]).toEqual([40, 80]);
    const after = await sharp(file.body).metadata();
    expect(after).toMatchObject({ width: 40, height: 80 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
  });

  it('re-encodes a PNG without its EXIF', async () => {
    const input = await picture(50, 30)
      .png()
      .withExif({ IFD0: { Make: 'Scanner' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const file = expectFile(await inspect(input));
    expect(file).toMatchObject({
      contentType: 'image/png',
      extension: 'png',
      sourceType: 'image/png',
      width: 50,
      height: 30,
    });
    const after = await sharp(file.body).metadata();
    expect(after.format).toBe('png');
    expect(after.exif).toBeUndefined();
  });

  it('takes a little zero padding after the end of the image', async () => {
    expect((await inspect(Buffer.concat([await jpeg(), Buffer.alloc(200)]))).ok).toBe(true);
    expect((await inspect(Buffer.concat([await png(), Buffer.alloc(200)]))).ok).toBe(true);
  });

  it('refuses a JPEG with a zip appended', async () => {
    expectError(await inspect(Buffer.concat([await jpeg(), zipArchive()])), 'polyglot');
  });

  it('refuses a PNG with HTML after IEND', async () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expectError(await inspect(Buffer.concat([await png(), html])), 'polyglot');
  });

  it('refuses anything but zero padding after the end, or too much of it', async () => {
    expectError(await inspect(Buffer.concat([await jpeg(), Buffer.from('x')])), 'polyglot');
    expectError(await inspect(Buffer.concat([await png(), Buffer.alloc(64 * 1024)])), 'polyglot');
  });

  it('refuses another file signature inside an image (comment, EXIF, text chunk)', async () => {
    const base = await jpeg();
    const comment = (text: string) => {
      const data = Buffer.from(text, 'latin1');
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe, 0); // COM
      segment.writeUInt16BE(data.length + 2, 2);
      return Buffer.concat([base.subarray(0, 2), segment, data, base.subarray(2)]);
    };
    expect((await inspect(comment('an honest comment'))).ok).toBe(true);
    for (const payload of ['<script>alert(1)</script>', '<?php system($_GET[1]); ?>', '<HTML><body>', '%PDF-1.7 ...']) {
      expectError(await inspect(comment(payload)), 'polyglot');
    }
    expectError(await inspect(comment(zipArchive().toString('latin1'))), 'polyglot');
    const exif = await picture()
      .jpeg()
      .withExif({ IFD0: { ImageDescription: '<script src=//evil></script>' } })
      .toBuffer();
    expectError(await inspect(exif), 'polyglot');

    const pngBase = await png();
    const pngText = (text: string) => {
      const data = Buffer.from(`Comment\0${text}`, 'latin1');
      const chunk = Buffer.alloc(8 + data.length + 4);
      chunk.writeUInt32BE(data.length, 0);
      chunk.write('tEXt', 4, 'latin1');
      data.copy(chunk, 8);
      chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
      return Buffer.concat([pngBase.subarray(0, 33), chunk, pngBase.subarray(33)]); // after IHDR
    };
    expect((await inspect(pngText('scanned at the bank'))).ok).toBe(true);
    expectError(await inspect(pngText('%PDF-1.4 hidden')), 'polyglot');
  });

  it('refuses a JPEG or PNG cut in half as damaged', async () => {
    const j = await jpeg(400, 300);
    expectError(await inspect(j.subarray(0, j.length >> 1)), 'damaged');
    const p = await png(400, 300);
    expectError(await inspect(p.subarray(0, p.length >> 1)), 'damaged');
  });

  it('refuses a decompression bomb (over 50 MP) without decoding it', async () => {
    const p = Buffer.from(await png(10, 10));
    p.writeUInt32BE(10_000, 16); // IHDR width
    p.writeUInt32BE(10_000, 20); // IHDR height
    p.writeUInt32BE(crc32(p.subarray(12, 29)), 29);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = performance.now();
    expectError(await inspect(p), 'damaged');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('inspectFile: HEIC', () => {
  it('converts a HEIC to a clean JPEG', async () => {
    const file = expectFile(await inspect(HEIC));
    expect(file).toMatchObject({
      contentType: 'image/jpeg',
      extension: 'jpg',
      sourceType: 'image/heic',
      width: 64,
      height: 48,
    });
    const after = await sharp(file.body).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(after.exif).toBeUndefined();
    // The quadrants came through: red, green, blue, white.
    const { data } = await sharp(file.body).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 40);
    expect(near(at(8, 8), [220, 20, 30])).toBe(true);
    expect(near(at(56, 8), [20, 200, 40])).toBe(true);
    expect(near(at(8, 40), [30, 40, 220])).toBe(true);
    expect(near(at(56, 40), [255, 255, 255])).toBe(true);
  });

  it('takes a HEIF whose brands say HEVC as HEIC', async () => {
    const heif = Buffer.from(HEIC);
    heif.write('mif1', 8, 'latin1'); // major brand; `heic` stays among the compatible ones
    expect(expectFile(await inspect(heif)).sourceType).toBe('image/heic');
  });

  it('converts several at once', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => inspect(HEIC)));
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('refuses a HEIC that cannot be decoded as damaged', async () => {
    // file-type says HEIC (the ftyp box), the rest is noise.
    const fake = Buffer.concat([HEIC.subarray(0, 28), noise(2000)]);
    expectError(await inspect(fake), 'damaged');
    // The real one, cut short.
    expectError(await inspect(HEIC.subarray(0, HEIC.length - 200)), 'damaged');
  });

  it('refuses a HEIC declaring more than 50 MP without decoding it', async () => {
    const bomb = Buffer.from(HEIC);
    const ispe = bomb.indexOf('ispe', 0, 'latin1');
    bomb.writeUInt32BE(20_000, ispe + 8);
    bomb.writeUInt32BE(20_000, ispe + 12);
    expectError(await inspect(bomb), 'damaged');
  });
});

describe('inspectFile: PDF', () => {
  it('keeps a plain PDF as it is', async () => {
    const body = helloPdf();
    const file = expectFile(await inspect(body));
    expect(file).toEqual({ contentType: 'application/pdf', extension: 'pdf', sourceType: 'application/pdf', body });
  });

  it('keeps a PDF that opens on a page, with links, outlines and binary image data', async () => {
    const body = helloPdf({
      catalog: ' /OpenAction [3 0 R /Fit] /Outlines 6 0 R',
      more: [
        '<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>',
        '<< /Title (Page 1) /Parent 6 0 R /Dest [3 0 R /Fit] >>',
        '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.com/JS/AA) >> >>',
        stream(
          '/Type /XObject /Subtype /Image /Width 512 /Height 512 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode',
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise(600_000, 7)]),
        ),
        stream(
          '/Type /XObject /Subtype /Image /Width 512 /Height 512 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode',
          deflateSync(noise(2_000_000, 11)),
        ),
      ],
    });
    expect((await inspect(body)).ok).toBe(true);
  });

  it('refuses a file that does not start with %PDF- or has no %%EOF at its end', async () => {
    const body = helloPdf();
    expectError(await inspect(Buffer.concat([Buffer.from('%PDF'), body.subarray(5)])), 'damaged');
    expectError(await inspect(body.subarray(0, body.length - 100)), 'damaged');
    expectError(await inspect(Buffer.concat([body, Buffer.alloc(2000, 0x20)])), 'damaged');
  });

  it.each([
    ['/JavaScript', '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'],
    ['/J#61vaScript (hex-escaped)', '<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>'],
    ['/#4A#61#76#61#53#63#72#69#70#74 (all escaped)', '<< /S /#4A#61#76#61#53#63#72#69#70#74 /JS 7 0 R >>'],
    ['/JS alone', '<< /S /Foo /JS (app.alert\\(1\\)) >>'],
    ['/JS after a comment holding a (', '% a comment (\n<< /S /Foo /JS (app.alert\\(1\\)) >>'],
    ['/JS after a string holding a %', '<< /T (100% sure) /S /Foo /JS (app.alert\\(1\\)) >>'],
    ['/Launch', '<< /S /Launch /F (cmd.exe) >>'],
    ['/SubmitForm', '<< /S /SubmitForm /F (https://evil.example/) >>'],
  ])('refuses an open action with %s', async (_name, action) => {
    expectError(await inspect(helloPdf({ catalog: ' /OpenAction 6 0 R', more: [action] })), 'active_content');
  });

  it.each([
    ['additional actions (/AA)', ' /AA << /O 6 0 R >>', '<< /S /GoTo /D [3 0 R /Fit] >>'],
    ['embedded files', ' /Names << /EmbeddedFiles 6 0 R >>', '<< /Names [(a.exe) 7 0 R] >>'],
    ['an XFA form', ' /AcroForm << /Fields [] /XFA 6 0 R >>', '<< >>'],
    ['rich media', '', '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 1 1] >>'],
  ])('refuses %s', async (_name, catalog, object) => {
    expectError(await inspect(helloPdf({ catalog, more: [object] })), 'active_content');
  });

  it('refuses JavaScript hidden in a compressed object stream, however it is labelled', async () => {
    const js = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
    const catalog = ' /OpenAction 6 0 R';
    expectError(await inspect(helloPdf({ catalog, more: [objectStream(js)] })), 'active_content');
    expectError(
      await inspect(
        helloPdf({ catalog, more: [objectStream(js, '/Type /Obj#53tm /N 1 /First 4 /Filter /Fl#61teDecode')] }),
      ),
      'active_content',
    );
    // A fake `stream` keyword in a string before the real one.
    expectError(
      await inspect(
        helloPdf({ catalog, more: [objectStream(js, '/N 1 /First 4 /X (stream\n) /Filter /FlateDecode')] }),
      ),
      'active_content',
    );
    expectError(
      await inspect(helloPdf({ catalog, more: [objectStream('<< /S /J#61vaScript /JS 7 0 R >>')] })),
      'active_content',
    );
    // Spaces after the keyword (pdf.js reads to the end of the line).
    const spaced = objectStream(js).toString('latin1').replace('stream\n', 'stream  \r\n');
    expectError(await inspect(helloPdf({ catalog, more: [Buffer.from(spaced, 'latin1')] })), 'active_content');
    // An `endstream` inside the compressed data (a stored block), the script after it, compressed,
    // and no Adler-32 (pdf.js does not check it).
    const stored = Buffer.from('6 0 endstream\n');
    const storedBlock = Buffer.alloc(5);
    storedBlock.writeUInt16LE(stored.length, 1);
    storedBlock.writeUInt16LE(~stored.length & 0xffff, 3);
    const data = Buffer.concat([Buffer.from([0x78, 0x01]), storedBlock, stored, deflateRawSync(js)]);
    expect(data.includes('JavaScript')).toBe(false);
    expectError(
      await inspect(helloPdf({ catalog, more: [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data)] })),
      'active_content',
    );
  });

  it('refuses script in a compressed XFA stream', async () => {
    const xfa = stream(
      '/Filter /FlateDecode',
      deflateSync(
        '<xdp:xdp><template><script contentType="application/x-javascript">app.alert(1)</script></template></xdp:xdp>',
      ),
    );
    expectError(await inspect(helloPdf({ more: [xfa] })), 'active_content');
  });

  it('refuses what it cannot see through (encryption, obsolete filters) as damaged', async () => {
    const encrypted = buildPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>',
      ],
      ' /Encrypt 3 0 R',
    );
    expectError(await inspect(encrypted), 'damaged');
    expectError(await inspect(helloPdf({ more: [stream('/N 1 /First 4 /Filter /LZWDecode', noise(300))] })), 'damaged');
    expectError(await inspect(helloPdf({ more: [stream('/N 1 /First 4 /Filter [/A85 /Fl]', 'abc~>')] })), 'damaged');
  });

  it('refuses broken Flate data as damaged', async () => {
    const broken = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      deflateRawSync('q 1 0 0 1 0 0 cm Q', { finishFlush: zlib.Z_SYNC_FLUSH }),
      Buffer.from([0x07]), // a last block of the reserved type 3
    ]);
    expectError(await inspect(helloPdf({ more: [stream('/Filter /FlateDecode', broken)] })), 'damaged');
  });

  it('keeps image data that happens to start like zlib data', async () => {
    const ccitt = Buffer.concat([Buffer.from([0x78, 0x9c]), noise(5000, 3)]);
    const image = '/Type /XObject /Subtype /Image /Width 1700 /Height 2200 /BitsPerComponent 1';
    expect((await inspect(helloPdf({ more: [stream(`${image} /Filter /CCITTFaxDecode`, ccitt)] }))).ok).toBe(true);
    expectError(await inspect(helloPdf({ more: [stream(`${image} /Filter /FlateDecode`, ccitt)] })), 'damaged');
  });

  it('refuses a Flate bomb as damaged', async () => {
    // 300 MB of zeros, as deflate blocks of 1 MB repeated (each after a full flush, so they stand alone).
    const block = deflateSync(Buffer.alloc(MB), { finishFlush: zlib.Z_FULL_FLUSH });
    const body = Buffer.concat([block.subarray(0, 2), ...Array.from({ length: 300 }, () => block.subarray(2))]);
    expectError(await inspect(helloPdf({ more: [stream('/Filter /FlateDecode', body)] })), 'damaged');
  });

  it('refuses a PDF with a zip or HTML inside as a polyglot', async () => {
    expectError(await inspect(helloPdf({ more: [stream('', zipArchive())] })), 'polyglot');
    expectError(await inspect(Buffer.concat([helloPdf(), zipArchive(), Buffer.from('\n%%EOF\n')])), 'polyglot');
    expectError(await inspect(helloPdf({ more: ['(<script>alert(1)</script>)'] })), 'polyglot');
    expectError(await inspect(helloPdf({ more: ['(<html><body>hi</body></html>)'] })), 'polyglot');
  });
});
