import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { recipientsEndpoints } from '@remit/contract';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { buildRecipient, hansMueller, manyRecipients } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

const rows = () => screen.findAllByTestId('recipient-item');

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('Recipients list (docs/product/money-movement.md#recipients)', () => {
  it('shows a spinner, then each recipient with its summary and destination', async () => {
    server.use(...recipientsApi({ recipients: [buildRecipient(), hansMueller()] }).handlers);
    renderSignedIn('/recipients');
    expect(await screen.findByRole('status', { name: 'Loading your recipients' })).toBeInTheDocument();
    const items = await rows();
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Amina Otieno')).toBeInTheDocument();
    expect(within(items[0]!).getByText('M-Pesa ••• 5678')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Kenya · KES · Mobile wallet')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', `/recipient/${hansMueller().id}`);
  });

  it('says so when there are none yet, with "Add a recipient"', async () => {
    server.use(...recipientsApi().handlers);
    const { router } = renderSignedIn('/recipients');
    const empty = await screen.findByTestId('recipients-empty');
    expect(within(empty).getByText('No recipients yet')).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('button', { name: 'Add a recipient' }));
    expect(router.state.location.search).toBe('?add=1');
    const focused = await screen.findByRole('heading', { level: 1, name: 'Add a recipient' });
    await waitFor(() => expect(focused).toHaveFocus());
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    const api = recipientsApi({ recipients: [buildRecipient()] });
    server.use(
      http.get(recipientsEndpoints.listRecipients.path, () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : undefined,
      ),
      ...api.handlers,
    );
    renderSignedIn('/recipients');
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your recipients');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('searches after typing settles and keeps the search in the address', async () => {
    server.use(...recipientsApi({ recipients: [buildRecipient(), hansMueller()] }).handlers);
    const { router } = renderSignedIn('/recipients');
    expect(await rows()).toHaveLength(2);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'muller');
    await waitFor(() => expect(router.state.location.search).toBe('?search=muller'));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.getByText('Hans Müller')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByTestId('recipients-no-match')).toHaveTextContent('“zzz”');
  });

  it('starts from the search in the address', async () => {
    server.use(...recipientsApi({ recipients: [buildRecipient(), hansMueller()] }).handlers);
    renderSignedIn('/recipients?search=amina');
    expect(await rows()).toHaveLength(1);
    expect(screen.getByRole('searchbox')).toHaveValue('amina');
  });

  it('loads the next page with "Load more" until the last', async () => {
    server.use(...recipientsApi({ recipients: manyRecipients(5), pageSize: 2 }).handlers);
    renderSignedIn('/recipients');
    expect(await rows()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Recipient 05')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    server.use(...recipientsApi({ recipients: [buildRecipient()] }).handlers);
    await changeLanguage('fr');
    renderSignedIn('/recipients');
    const items = await rows();
    expect(within(items[0]!).getByText('Kenya · KES · Portefeuille mobile')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher par nom' })).toBeInTheDocument();
  });
});
