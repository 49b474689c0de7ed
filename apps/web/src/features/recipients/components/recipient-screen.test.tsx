import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildRecipient, hansMueller } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

function openRecipient(path = `/recipient/${hansMueller().id}`) {
  const api = recipientsApi({ recipients: [buildRecipient(), hansMueller()] });
  server.use(...api.handlers);
  return { api, ...renderSignedIn(path) };
}

describe("A recipient's page (docs/product/money-movement.md#recipients)", () => {
  it('shows the details under the requirements’ labels, the account masked, and no transfers yet', async () => {
    openRecipient();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hans Müller' })).toBeInTheDocument();
    expect(screen.getByText('Germany · EUR · Bank account')).toBeInTheDocument();
    const details = await screen.findByTestId('recipient-details');
    await within(details).findByText('IBAN');
    expect(within(details).getByText('••• 3000')).toBeInTheDocument();
    expect(within(details).queryByText('DE89370400440532013000')).not.toBeInTheDocument();
    expect(within(details).getByText('BIC (SWIFT code)')).toBeInTheDocument();
    expect(within(details).getByText('DEUTDEFF')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Transfers to this recipient' })).toBeInTheDocument();
    expect(screen.getByTestId('recipient-transfers-empty')).toHaveTextContent('No transfers yet.');
  });

  it('shows a choice by its name (the provider), from the refined requirements', async () => {
    openRecipient(`/recipient/${buildRecipient().id}`);
    const details = await screen.findByTestId('recipient-details');
    expect(await within(details).findByText('M-Pesa')).toBeInTheDocument();
    expect(within(details).getByText('M-Pesa number')).toBeInTheDocument();
    expect(within(details).getByText('••• 5678')).toBeInTheDocument();
  });

  it('edits with the same form, prefilled, and sends a full replacement', async () => {
    const { api } = openRecipient();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Hans Müller' })).toHaveFocus();
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Hans Müller');
    expect(await screen.findByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89370400440532013000');
    await userEvent.clear(name);
    await userEvent.type(name, 'Hans Peter Müller');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hans Peter Müller' })).toBeInTheDocument();
    expect(screen.getByText('Your changes to Hans Peter Müller were saved.')).toBeInTheDocument();
    expect(api.saves[0]).toEqual({
      id: hansMueller().id,
      body: {
        name: 'Hans Peter Müller',
        country: 'DE',
        currency: 'EUR',
        payout_method: 'bank_account',
        details: { iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
      },
    });
  });

  it('deletes after a confirmation that says past transfers are kept; Cancel keeps it', async () => {
    const { api, router } = openRecipient();
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(remove);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete Hans Müller?' });
    expect(dialog).toHaveAccessibleDescription(/Transfers you have already made to them are kept/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();

    await userEvent.click(remove);
    dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipients'));
    expect(await screen.findByText('Hans Müller was deleted.')).toBeInTheDocument();
    expect(api.recipients().map((r) => r.name)).toEqual(['Amina Otieno']);
    expect(await screen.findAllByTestId('recipient-item')).toHaveLength(1);
  });

  it('shows "not found" for an unknown id', async () => {
    openRecipient('/recipient/nope');
    const state = await screen.findByTestId('recipient-not-found');
    expect(within(state).getByRole('heading', { level: 1, name: 'Recipient not found' })).toBeInTheDocument();
    expect(within(state).getByRole('link', { name: 'Back to recipients' })).toHaveAttribute('href', '/recipients');
  });
});
