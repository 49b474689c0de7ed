import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkFile, contentTypeOf, formatBytes, formatTypeNames } from './files';

const MB = 1024 * 1024;
const any = {
  accepted_types: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
  max_page_bytes: 10 * MB,
} as const;
const photo = { accepted_types: ['image/jpeg', 'image/png'], max_page_bytes: 10 * MB } as const;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('page files', () => {
  it('knows a file by its declared type, else by its extension', () => {
    expect(contentTypeOf(file('a.bin', 'image/jpeg'))).toBe('image/jpeg');
    expect(contentTypeOf(file('a.jpg', 'image/jpg'))).toBe('image/jpeg');
    expect(contentTypeOf(file('IMG_1.HEIC', ''))).toBe('image/heic');
    expect(contentTypeOf(file('scan.pdf', 'application/octet-stream'))).toBe('application/pdf');
    expect(contentTypeOf(file('notes.txt', 'text/plain'))).toBeNull();
  });

  it('checks the type, then emptiness, then the size', () => {
    expect(checkFile(file('a.jpg', 'image/jpeg'), any)).toBeNull();
    expect(checkFile(file('a.pdf', 'application/pdf'), photo)).toBe('wrongType');
    expect(checkFile(file('a.heic', 'image/heic'), photo)).toBe('wrongType');
    expect(checkFile(file('a.png', 'image/png', 0), any)).toBe('empty');
    expect(checkFile(file('a.png', 'image/png', 10 * MB), any)).toBeNull();
    expect(checkFile(file('a.png', 'image/png', 10 * MB + 1), any)).toBe('tooLarge');
  });

  it('builds the accept attribute, with .heic when HEIC is accepted', () => {
    expect(acceptAttribute(any)).toBe('image/jpeg,image/png,image/heic,application/pdf,.heic');
    expect(acceptAttribute(photo)).toBe('image/jpeg,image/png');
  });

  it('words sizes and types in the UI language', () => {
    expect(formatBytes(10 * MB, 'en')).toBe('10 MB');
    expect(formatBytes(12.44 * MB, 'en')).toBe('12.4 MB');
    expect(formatBytes(850 * 1024, 'en')).toBe('850 kB');
    expect(formatBytes(12.44 * MB, 'fr')).toBe('12,4\u202fMo');
    expect(formatTypeNames(['image/jpeg', 'image/png'], 'en')).toBe('JPEG or PNG');
    expect(formatTypeNames(['image/jpeg', 'image/png', 'application/pdf'], 'fr')).toBe('JPEG, PNG ou PDF');
  });
});
