import { verificationEndpoints } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildDocument, customerWithDocuments, documentCategories } from '@/testing/verification-fixtures';
import { verificationApi } from '@/testing/verification-handlers';

const categoriesPath = verificationEndpoints.listDocumentCategories.path;

function renderOverview(documents = [] as ReturnType<typeof buildDocument>[], categories = documentCategories()) {
  const api = verificationApi({ categories, customer: customerWithDocuments(documents) });
  server.use(...api.handlers);
  return { ...renderSignedIn('/account-verification', api.customer()), api };
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('account verification overview', () => {
  it('shows a loading state, then every category, required first, with its status and what is next', async () => {
    server.use(
      http.get(categoriesPath, async () => {
        await delay(50);
        return HttpResponse.json({ document_categories: documentCategories() });
      }),
    );
    const rejected = buildDocument('proof_of_identity', 'passport', {
      status: 'rejected',
      reasonCode: 'unreadable',
      reason: 'The photo is not readable.',
      reviewedAt: '2025-03-05T10:00:00.000Z',
      id: 'doc-passport',
    });
    const selfie = buildDocument('selfie', 'selfie', { status: 'pending', createdAt: '2025-03-06T09:00:00.000Z' });
    renderSignedIn('/account-verification', customerWithDocuments([selfie, rejected]));

    expect(
      // The first render loads the route's chunk.
      await screen.findByRole('heading', { level: 1, name: 'Account verification' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('categories-loading')).toHaveAccessibleName('Loading what we need from you');

    const identity = await screen.findByTestId('category-proof_of_identity');
    const items = screen.getAllByTestId(/^category-/);
    // Required first (identity, selfie), then the optional proof of address.
    expect(items.map((item) => item.dataset.testid)).toEqual([
      'category-proof_of_identity',
      'category-selfie',
      'category-proof_of_address',
    ]);

    expect(within(identity).getByRole('heading', { name: 'Proof of identity' })).toBeInTheDocument();
    expect(within(identity).getByText('Required')).toBeInTheDocument();
    expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Rejected');
    expect(within(identity).getByText('We couldn’t accept your passport.')).toBeInTheDocument();
    // By code, not the api's English text.
    expect(
      within(identity).getByText('Reason: The photo was blurry, too dark or cut off, so we couldn’t read it.'),
    ).toBeInTheDocument();
    expect(
      within(identity).getByText('We accept: Passport, National ID card, Driving licence, or Residence permit.'),
    ).toBeInTheDocument();
    const again = within(identity).getByRole('link', { name: 'Upload again' });
    expect(again).toHaveAttribute('href', '/account-verification/upload/1');
    expect(again).toHaveAccessibleDescription('Proof of identity');

    const selfieItem = screen.getByTestId('category-selfie');
    expect(within(selfieItem).getByTestId('status-chip')).toHaveTextContent('Pending');
    expect(
      within(selfieItem).getByText('We’ve got your selfie. We usually review within minutes.'),
    ).toBeInTheDocument();
    expect(within(selfieItem).queryByRole('link')).not.toBeInTheDocument();

    const address = screen.getByTestId('category-proof_of_address');
    expect(within(address).getByText('Optional')).toBeInTheDocument();
    expect(within(address).getByTestId('status-chip')).toHaveTextContent('Not started');
    expect(within(address).getByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/account-verification/upload/2',
    );

    expect(screen.getByTestId('verification-summary')).toHaveTextContent('0 of 2 required documents approved');
  });

  it('lists the uploaded documents with type, dates, status, reason and page thumbnails', async () => {
    const passport = buildDocument('proof_of_identity', 'passport', {
      status: 'rejected',
      reasonCode: null,
      reason: 'There was glare on the photo.',
      reviewedAt: '2025-03-05T10:00:00.000Z',
      id: 'doc-passport',
    });
    const licence = buildDocument('proof_of_identity', 'driving_licence', {
      status: 'in_review',
      createdAt: '2025-03-06T09:00:00.000Z',
      id: 'doc-licence',
      pages: [
        { side: 'front', content_type: 'image/jpeg' },
        { side: 'back', content_type: 'application/pdf' },
      ],
    });
    renderOverview([licence, passport]);

    const list = await screen.findByTestId('document-list');
    const [first, second] = within(list).getAllByTestId('document-item') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Driving licence' })).toBeInTheDocument();
    expect(within(first).getByText('Uploaded Mar 6, 2025')).toHaveAttribute('datetime', '2025-03-06T09:00:00.000Z');
    expect(within(first).getByTestId('status-chip')).toHaveTextContent('In review');
    const pages = within(first).getByRole('list', { name: 'Pages of your driving licence' });
    const front = within(pages).getByRole('link', { name: 'Front of your driving licence (opens in a new tab)' });
    expect(front).toHaveAttribute('href', '/client/v1/documents/doc-licence/pages/doc-licence-page-1');
    expect(front).toHaveAttribute('target', '_blank');
    expect(front.querySelector('img')).toHaveAttribute(
      'src',
      '/client/v1/documents/doc-licence/pages/doc-licence-page-1',
    );
    const back = within(pages).getByRole('link', { name: 'Back of your driving licence (opens in a new tab)' });
    expect(back.querySelector('img')).toBeNull(); // a PDF: an icon
    expect(back).toHaveTextContent('Back · PDF');

    expect(within(second).getByTestId('status-chip')).toHaveTextContent('Rejected');
    expect(within(second).getByText('Reviewed Mar 5, 2025')).toBeInTheDocument();
    // No known code: the api's text.
    expect(within(second).getByText('Reason: There was glare on the photo.')).toBeInTheDocument();

    // The newest document of the category decides its status.
    expect(
      within(await screen.findByTestId('category-proof_of_identity')).getByTestId('status-chip'),
    ).toHaveTextContent('In review');
  });

  it('sums up: reviewing while only waiting for us, verified when every required category is approved', async () => {
    const approvedId = buildDocument('proof_of_identity', 'passport', { status: 'approved' });
    const inReview = buildDocument('selfie', 'selfie', { status: 'in_review' });
    const first = renderOverview([inReview, approvedId]);
    expect(await screen.findByTestId('verification-summary')).toHaveTextContent('We’re checking your documents');
    first.unmount();

    const approvedSelfie = buildDocument('selfie', 'selfie', { status: 'approved' });
    renderOverview([approvedSelfie, approvedId]);
    const summary = await screen.findByTestId('verification-summary');
    expect(summary).toHaveTextContent('You’re verified');
    expect(summary).toHaveAttribute('data-state', 'verified');
    expect(
      within(screen.getByTestId('category-proof_of_identity')).getByText(
        'Your passport is approved. Nothing more to do here.',
      ),
    ).toBeInTheDocument();
  });

  it('marks an expired document and offers to upload again', async () => {
    renderOverview([buildDocument('proof_of_identity', 'passport', { status: 'expired' })]);
    const identity = await screen.findByTestId('category-proof_of_identity');
    expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Expired');
    expect(within(identity).getByText('Your passport has expired. Please upload a valid one.')).toBeInTheDocument();
    expect(within(identity).getByRole('link', { name: 'Upload again' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    renderOverview([], []);
    expect(await screen.findByTestId('categories-empty')).toHaveTextContent('There’s nothing to upload');
    expect(screen.getByTestId('documents-empty')).toHaveTextContent('You haven’t uploaded any documents yet.');
    expect(screen.queryByTestId('verification-summary')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the categories', async () => {
    let fail = true;
    server.use(
      http.get(categoriesPath, ({ request }) => {
        requestLog.push(`GET ${new URL(request.url).pathname}`);
        return fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ document_categories: documentCategories() });
      }),
    );
    const user = userEvent.setup();
    renderSignedIn('/account-verification', customerWithDocuments());
    // 5xx answers are retried twice by the query client defaults... but renderRoute turns retries off.
    const error = await screen.findByTestId('categories-error');
    expect(within(error).getByRole('alert')).toHaveTextContent('We couldn’t load what we need from you.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('category-proof_of_identity')).toBeInTheDocument();
    expect(requestLog.filter((line) => line === `GET ${categoriesPath}`)).toHaveLength(2);
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    renderOverview([
      buildDocument('proof_of_identity', 'passport', { status: 'rejected', reasonCode: 'name_mismatch' }),
    ]);
    const identity = await screen.findByTestId('category-proof_of_identity');
    expect(within(identity).getByRole('heading', { name: 'Justificatif d’identité' })).toBeInTheDocument();
    expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Refusé');
    expect(
      within(identity).getByText('Motif : Le nom sur le document ne correspond pas à celui de votre compte.'),
    ).toBeInTheDocument();
    expect(within(identity).getByRole('link', { name: 'Envoyer à nouveau' })).toBeInTheDocument();
    expect(screen.getByText('Envoyé le 4 mars 2025')).toBeInTheDocument();
  });

  it('falls back to the api’s texts for a category it does not know', async () => {
    const categories = [
      ...documentCategories(),
      {
        id: 9,
        code: 'source_of_funds',
        title: 'Source of funds',
        description: 'Where the money comes from.',
        is_required: false,
        document_types: [],
      },
    ];
    renderOverview([], categories);
    const item = await screen.findByTestId('category-source_of_funds');
    expect(within(item).getByRole('heading', { name: 'Source of funds' })).toBeInTheDocument();
    expect(within(item).getByText('Where the money comes from.')).toBeInTheDocument();
    await waitFor(() => expect(within(item).queryByRole('link')).not.toBeInTheDocument());
  });
});
