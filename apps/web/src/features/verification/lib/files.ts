import type { PageContentType } from '@remit/contract';

/** The page rules of a document type these checks read. */
interface PageRules {
  accepted_types: readonly PageContentType[];
  max_page_bytes: number;
}

/** What a file is, by its declared type first, then by its name (the server decides by content). */
const BY_MIME: Record<string, PageContentType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
  'application/pdf': 'application/pdf',
};
const BY_EXTENSION: Record<string, PageContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
};
const NAMES: Record<PageContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
};

export function contentTypeOf(file: { name: string; type: string }): PageContentType | null {
  const byMime = BY_MIME[file.type.toLowerCase()];
  if (byMime) return byMime;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || null;
}

/** The file input's `accept`: the type's content types, plus `.heic` (browsers that do not know its type). */
export function acceptAttribute(type: Pick<PageRules, 'accepted_types'>): string {
  const extra = type.accepted_types.includes('image/heic') ? ['.heic'] : [];
  return [...type.accepted_types, ...extra].join(',');
}

/** "JPEG, PNG, HEIC or PDF" in the UI language. */
export function formatTypeNames(types: readonly PageContentType[], language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(types.map((t) => NAMES[t]));
}

/** "850 KB", "10 MB", "12.4 MB" in the UI language (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(mb);
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, Math.ceil(bytes / 1024)),
  );
}

export type FileProblem = 'wrongType' | 'empty' | 'tooLarge';

/** The checks made before anything is sent: the type (as a first pass) and the size. */
export function checkFile(file: { name: string; type: string; size: number }, type: PageRules): FileProblem | null {
  const contentType = contentTypeOf(file);
  if (!contentType || !type.accepted_types.includes(contentType)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > type.max_page_bytes) return 'tooLarge';
  return null;
}

/** Images a browser can show (HEIC mostly cannot). */
export function isPreviewable(contentType: PageContentType | null): boolean {
  return contentType === 'image/jpeg' || contentType === 'image/png';
}
