import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { recipientsEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { buildTransfer, hansRecipient } from '@/testing/dashboard-fixtures';
import { dashboardApi } from '@/testing/dashboard-handlers';
import { buildRecipient, hansMueller } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

function openRecipient(path = `/recipient/${hansMueller().id}`, options: Parameters<typeof recipientsApi>[0] = {}) {
  const api = recipientsApi({ recipients: [buildRecipient(), hansMueller()], ...options });
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
    expect(within(details).getByText('•••• 3000')).toBeInTheDocument();
    expect(within(details).queryByText('DE89370400440532013000')).not.toBeInTheDocument();
    expect(within(details).getByText('BIC (SWIFT code)')).toBeInTheDocument();
    expect(within(details).getByText('DEUTDEFF')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Transfers to Hans Müller' })).toBeInTheDocument();
    expect(await screen.findByTestId('transfers-empty')).toHaveTextContent('No transfers yet.');
  });

  it('shows a choice by its name (the provider), from the refined requirements', async () => {
    openRecipient(`/recipient/${buildRecipient().id}`);
    const details = await screen.findByTestId('recipient-details');
    expect(await within(details).findByText('M-Pesa')).toBeInTheDocument();
    expect(within(details).getByText('M-Pesa number')).toBeInTheDocument();
    expect(within(details).getByText('•••• 5678')).toBeInTheDocument();
  });

  it('shows the account details in full through reveal, and hides them again', async () => {
    const { api } = openRecipient();
    const details = await screen.findByTestId('recipient-details');
    await within(details).findByText('•••• 3000');
    const show = screen.getByRole('button', { name: 'Show account details' });
    await userEvent.click(show);
    expect(await within(details).findByText('DE89370400440532013000')).toBeInTheDocument();
    expect(within(details).queryByText('•••• 3000')).not.toBeInTheDocument();
    expect(api.reveals).toEqual([hansMueller().id]);
    const hide = screen.getByRole('button', { name: 'Hide account details' });
    expect(hide).toHaveFocus();
    expect(screen.getByText('Account details shown.')).toBeInTheDocument();
    await userEvent.click(hide);
    expect(within(details).getByText('•••• 3000')).toBeInTheDocument();
    expect(within(details).queryByText('DE89370400440532013000')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show account details' })).toBeInTheDocument();
  });

  it('asks for a step-up before showing them; cancelled, the page stays masked, without a message', async () => {
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(...stepUp.handlers);
    const { api } = openRecipient(undefined, { revealAnswer: () => stepUp.guard() });
    const details = await screen.findByTestId('recipient-details');
    await within(details).findByText('•••• 3000');
    await userEvent.click(screen.getByRole('button', { name: 'Show account details' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(details).getByText('•••• 3000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show account details' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show account details' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    expect(await within(details).findByText('DE89370400440532013000')).toBeInTheDocument();
    expect(api.reveals).toHaveLength(3);
  });

  it('says when the details could not be shown', async () => {
    openRecipient(undefined, {
      revealAnswer: () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show account details' }));
    expect(await screen.findByTestId('recipient-reveal-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show account details' })).toBeInTheDocument();
  });

  it('edit asks for the step-up first, once; cancelled, the page stays as it was', async () => {
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(...stepUp.handlers);
    const { api } = openRecipient(undefined, { revealAnswer: () => stepUp.guard() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Hans Müller' })).toBeInTheDocument();
    expect(screen.queryByTestId('recipient-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    expect(await screen.findByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89370400440532013000');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stepUp.state.requests).toHaveLength(1);
    expect(api.reveals).toHaveLength(3);
  });

  it('opened at ?edit=1, the details are revealed before the form; a cancelled step-up shows the page', async () => {
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(...stepUp.handlers);
    const { router } = openRecipient(`/recipient/${hansMueller().id}?edit=1`, { revealAnswer: () => stepUp.guard() });
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(screen.queryByRole('textbox', { name: 'IBAN' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hans Müller' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits with the same form, prefilled with the details revealed, and sends a full replacement', async () => {
    const { api } = openRecipient();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const focused = await screen.findByRole('heading', { level: 1, name: 'Edit Hans Müller' });
    await waitFor(() => expect(focused).toHaveFocus());
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Hans Müller');
    expect(await screen.findByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89370400440532013000');
    await userEvent.clear(name);
    await userEvent.type(name, 'Hans Peter Müller');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hans Peter Müller' })).toBeInTheDocument();
    expect(screen.getByText('Your changes to Hans Peter Müller were saved.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('recipient-details')).findByText('•••• 3000')).toBeInTheDocument();
    expect(api.reveals).toEqual([hansMueller().id]);
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

  it('deleting asks for a step-up over the confirmation; cancelled, the confirmation stays, without a message', async () => {
    const stepUp = stepUpApi({ factors: ['password'] });
    const { api, router } = openRecipient();
    server.use(
      ...stepUp.handlers,
      http.delete(recipientsEndpoints.deleteRecipient.path, () => stepUp.guard()),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Hans Müller?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    let stepUpDialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    stepUpDialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(stepUpDialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipients'));
    expect(api.recipients().map((r) => r.name)).toEqual(['Amina Otieno']);
  });

  it('shows "not found" for an unknown id', async () => {
    openRecipient('/recipient/nope');
    const state = await screen.findByTestId('recipient-not-found');
    expect(within(state).getByRole('heading', { level: 1, name: 'Recipient not found' })).toBeInTheDocument();
    expect(within(state).getByRole('link', { name: 'Back to recipients' })).toHaveAttribute('href', '/recipients');
  });

  it('lists the transfers to them, newest first, each linking to its page, with "Load more"', async () => {
    const user = userEvent.setup();
    const toHans = (n: number) =>
      buildTransfer({
        recipient: { ...hansRecipient, id: hansMueller().id },
        source_currency: 'GBP',
        source_amount: `${n}00`,
        target_amount: `${n}15`,
        status: n === 3 ? 'awaiting_payment' : 'completed',
        created_at: `2026-11-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`,
      });
    const transfers = [toHans(3), toHans(2), toHans(1)];
    const dashboard = dashboardApi({ corridors: null, transactions: [...transfers, buildTransfer()], pageSize: 2 });
    server.use(...dashboard.handlers);
    openRecipient();
    const section = await screen.findByTestId('recipient-transfers');
    expect(within(section).getByRole('heading', { level: 2, name: 'Transfers to Hans Müller' })).toBeInTheDocument();
    let items = await within(section).findAllByTestId('transfer-item');
    expect(items).toHaveLength(2);
    expect(dashboard.listQueries[0]).toEqual({ recipient_id: hansMueller().id });
    expect(within(items[0] as HTMLElement).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/transaction/${transfers[0]?.id}`,
    );
    expect(items[0]).toHaveTextContent('You sent £3.00');
    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(section).getAllByTestId('transfer-item')).toHaveLength(3));
    items = within(section).getAllByTestId('transfer-item');
    expect(items[2]).toHaveTextContent('Completed');
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the transfers could not be loaded, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      ...dashboardApi({
        corridors: null,
        transactions: [buildTransfer({ recipient: { ...hansRecipient, id: hansMueller().id } })],
        listAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
      }).handlers,
    );
    openRecipient();
    const error = await screen.findByTestId('transfers-error');
    expect(error).toHaveTextContent('We couldn’t load your transfers.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(1);
  });
});
