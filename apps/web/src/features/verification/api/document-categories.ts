import type { DocumentCategory } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

/** Refreshed with the profile on DocumentStatusChanged (app/realtime/realtime-provider.tsx) and after an upload. */
export const documentCategoriesQueryKey = ['document-categories'] as const;

/** GET /client/v1/document-categories: the categories of the customer's country, with their types. */
export const listDocumentCategories = (): Promise<DocumentCategory[]> =>
  callEndpoint((contract) => contract.verificationEndpoints.listDocumentCategories).then(
    ({ document_categories }) => document_categories,
  );

export const documentCategoriesQueryOptions = () =>
  queryOptions({ queryKey: documentCategoriesQueryKey, queryFn: listDocumentCategories, staleTime: 60_000 });

export function useDocumentCategories() {
  return useQuery(documentCategoriesQueryOptions());
}
