import type { Document, DocumentCategory, DocumentStatusCode } from '@remit/contract';

/** A category's status on screen: its newest document's, or not started. */
export type CategoryStatus = DocumentStatusCode | 'not_started';

/** The customer's newest document of a category (the api lists them newest first; the dates decide). */
export function newestDocument(
  documents: readonly Document[],
  category: Pick<DocumentCategory, 'id' | 'code'>,
): Document | undefined {
  let newest: Document | undefined;
  for (const document of documents) {
    if (document.document_category.id !== category.id && document.document_category.code !== category.code) continue;
    if (!newest || Date.parse(document.created_at) > Date.parse(newest.created_at)) newest = document;
  }
  return newest;
}

export function categoryStatus(document: Document | undefined): CategoryStatus {
  return document?.status_code ?? 'not_started';
}

/** Whether the customer should (re)upload: nothing yet, or the newest was refused or has expired. */
export function needsUpload(status: CategoryStatus): boolean {
  return status === 'not_started' || status === 'rejected' || status === 'expired';
}

/** Required categories first, each group in the api's order. */
export function sortCategories(categories: readonly DocumentCategory[]): DocumentCategory[] {
  return [...categories.filter((c) => c.is_required), ...categories.filter((c) => !c.is_required)];
}

export interface VerificationSummary {
  /** verified: every required category approved; reviewing: the rest only waits for us; todo: uploads are missing. */
  state: 'verified' | 'reviewing' | 'todo';
  done: number;
  total: number;
}

export function summarize(
  categories: readonly DocumentCategory[],
  documents: readonly Document[],
): VerificationSummary {
  const required = categories.filter((c) => c.is_required);
  const statuses = required.map((c) => categoryStatus(newestDocument(documents, c)));
  const done = statuses.filter((s) => s === 'approved').length;
  const state = done === required.length ? 'verified' : statuses.some(needsUpload) ? 'todo' : 'reviewing';
  return { state, done, total: required.length };
}

/** The category a route parameter names: its id (the app's links) or its code. */
export function findCategory(
  categories: readonly DocumentCategory[],
  param: string | undefined,
): DocumentCategory | undefined {
  if (!param) return undefined;
  return categories.find((c) => String(c.id) === param) ?? categories.find((c) => c.code === param);
}
