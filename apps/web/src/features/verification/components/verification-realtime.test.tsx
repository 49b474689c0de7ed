import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEcho as fake } from '@/testing/fake-echo';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildDocument, customerWithDocuments } from '@/testing/verification-fixtures';
import { verificationApi } from '@/testing/verification-handlers';

vi.mock('@/lib/echo', async (importOriginal) =>
  (await import('@/testing/fake-echo')).withFakeEcho(await importOriginal()),
);

describe('account verification, live', () => {
  it('changes a status on screen when DocumentStatusChanged arrives, without a reload', async () => {
    const pending = buildDocument('proof_of_identity', 'passport', { status: 'pending', id: 'doc-live' });
    const api = verificationApi({ customer: customerWithDocuments([pending]) });
    server.use(...api.handlers);
    renderSignedIn('/account-verification', api.customer());
    const identity = await screen.findByTestId('category-proof_of_identity', {}, { timeout: 5000 });
    expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Pending');
    await waitFor(() => expect(fake.listening('DocumentStatusChanged')).toBe(true));

    // The reviewer refuses it.
    const rejected = buildDocument('proof_of_identity', 'passport', {
      status: 'rejected',
      reasonCode: 'document_expired',
      id: 'doc-live',
    });
    api.setCustomer(customerWithDocuments([rejected]));
    const before = requestLog.filter((line) => line === 'GET /client/v1/document-categories').length;
    fake.emit('DocumentStatusChanged', {
      document_id: 'doc-live',
      status_code: 'rejected',
      status_title: 'Rejected',
      document_category_code: 'proof_of_identity',
      document_type_code: 'passport',
    });

    await waitFor(() => expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Rejected'));
    expect(
      within(identity).getByText('Reason: The document had expired. Please upload one that’s still valid.'),
    ).toBeInTheDocument();
    expect(within(identity).getByRole('link', { name: 'Upload again' })).toBeInTheDocument();
    // The categories are fetched again too.
    await waitFor(() =>
      expect(requestLog.filter((line) => line === 'GET /client/v1/document-categories').length).toBe(before + 1),
    );
  });
});
