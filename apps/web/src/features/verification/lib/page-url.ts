import { buildPath, DOCUMENT_PAGE_PATH } from '@remit/contract';
import { config } from '@/config/env';

/** Where the owner's browser loads a stored page (an image or a PDF), cookies included. */
export function pageUrl(documentId: string, pageId: string): string {
  return `${config.apiBaseUrl}${buildPath(DOCUMENT_PAGE_PATH, { documentId, pageId })}`;
}
