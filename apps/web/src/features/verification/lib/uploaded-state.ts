import type { DocumentType } from '@remit/contract';

/** What the upload screen hands the overview in the history entry's state: the type just uploaded. */
export interface UploadedState {
  uploaded: Pick<DocumentType, 'code' | 'title'>;
}

export function uploadedState(type: Pick<DocumentType, 'code' | 'title'>): UploadedState {
  return { uploaded: { code: type.code, title: type.title } };
}

export function readUploadedState(state: unknown): Pick<DocumentType, 'code' | 'title'> | null {
  const uploaded = (state as Partial<UploadedState> | null)?.uploaded;
  return uploaded && typeof uploaded.code === 'string' && typeof uploaded.title === 'string' ? uploaded : null;
}
