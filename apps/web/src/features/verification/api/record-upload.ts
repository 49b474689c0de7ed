import type { Customer, Document } from '@remit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { profileQueryKey } from '@/lib/customer-store';
import { documentCategoriesQueryKey } from './document-categories';

/**
 * After an upload: the new document goes at the top of the customer's documents at once (the
 * overview shows it without waiting), then the profile and the categories are fetched again.
 */
export function useRecordUpload(): (document: Document) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (document: Document) => {
      queryClient.setQueryData<Customer>(
        profileQueryKey,
        (customer) =>
          customer && { ...customer, documents: [document, ...customer.documents.filter((d) => d.id !== document.id)] },
      );
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: documentCategoriesQueryKey });
    },
    [queryClient],
  );
}
