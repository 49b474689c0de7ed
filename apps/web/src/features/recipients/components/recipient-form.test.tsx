import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recipientsApi, type RecipientsApiOptions } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

function openAdd(options: RecipientsApiOptions = {}) {
  const api = recipientsApi(options);
  server.use(...api.handlers);
  const view = renderSignedIn('/recipients?add=1');
  return { api, ...view };
}

async function chooseDestination(country: string, method?: string) {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), country);
  if (method) await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How they get the money' }), method);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add recipient' }));

describe('Add a recipient (docs/product/money-movement.md#recipients)', () => {
  it('KE M-Pesa: choosing the provider asks the requirements again and the number field appears', async () => {
    const { api, router } = openAdd();
    await chooseDestination('Kenya', 'Mobile wallet');
    await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Amina Otieno');
    const provider = await screen.findByRole('combobox', { name: 'Wallet provider' });
    expect(screen.queryByRole('textbox', { name: 'M-Pesa number' })).not.toBeInTheDocument();

    await userEvent.selectOptions(provider, 'M-Pesa');
    const phone = await screen.findByRole('textbox', { name: 'M-Pesa number' });
    expect(api.requirementAsks.at(-1)).toMatchObject({ country: 'KE', details: { provider: 'mpesa' } });
    expect(screen.getByText('For example: +254712345678')).toBeInTheDocument();
    // What was typed stays.
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Amina Otieno');

    // The same first-level rules as the api, before sending.
    await userEvent.type(phone, '12');
    await submit();
    expect(phone).toHaveAccessibleDescription(/at least 7 characters/);
    expect(phone).toHaveFocus();
    expect(api.saves).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+254712345678');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/recipient\//));
    expect(api.saves[0]!.body).toEqual({
      name: 'Amina Otieno',
      country: 'KE',
      currency: 'KES',
      payout_method: 'mobile_wallet',
      details: { provider: 'mpesa', phone_number: '+254712345678' },
    });
    expect(await screen.findByText('Amina Otieno was added.')).toBeInTheDocument();
  });

  it('US bank: the account type (radio) refreshes the account number’s label, keeping typed values', async () => {
    const { api } = openAdd();
    await chooseDestination('United States');
    // One currency and one method: chosen for the customer.
    expect(screen.getByRole('combobox', { name: 'How they get the money' })).toHaveValue('bank_account');
    const routing = await screen.findByRole('textbox', { name: 'Routing number (ABA)' });
    await userEvent.type(routing, '026009593');
    expect(screen.getByRole('textbox', { name: 'Checking account number' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Savings' }));
    expect(await screen.findByRole('textbox', { name: 'Savings account number' })).toBeInTheDocument();
    expect(api.requirementAsks.at(-1)).toMatchObject({ details: { account_type: 'savings' } });
    expect(screen.getByRole('textbox', { name: 'Routing number (ABA)' })).toHaveValue('026009593');
    expect(screen.getByRole('radio', { name: 'Savings' })).toBeChecked();
  });

  it('shows a 422 on details.iban under the IBAN field', async () => {
    const { api } = openAdd({
      saveAnswer: () =>
        HttpResponse.json(
          {
            message: 'The IBAN is not valid.',
            errors: { 'details.iban': ['This IBAN is not valid: check it for typos.'] },
          },
          { status: 422 },
        ),
    });
    await chooseDestination('Germany');
    await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Hans Müller');
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 01');
    await submit();
    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await waitFor(() => expect(iban).toHaveAccessibleDescription(/This IBAN is not valid: check it for typos\./));
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(iban).toHaveFocus();
    expect(api.saves[0]!.body.details).toEqual({ iban: 'DE89 3704 0044 0532 0130 01' });
  });

  it('shows a 409 duplicate above the form with a link to the list', async () => {
    openAdd({
      saveAnswer: () => HttpResponse.json({ message: 'You already have this recipient.' }, { status: 409 }),
    });
    await chooseDestination('Germany');
    await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Hans Müller');
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013000');
    await submit();
    const failure = await screen.findByTestId('recipient-form-failure');
    expect(failure).toHaveTextContent('You already have this recipient.');
    expect(within(failure).getByRole('link', { name: 'See your recipients' })).toHaveAttribute(
      'href',
      '/recipients?search=Hans+M%C3%BCller',
    );
  });

  it('asks for a step-up in the app’s dialog and sends the same request again; cancelled, nothing is shown', async () => {
    const stepUp = stepUpApi();
    server.use(...stepUp.handlers);
    const { api, router } = openAdd({ saveAnswer: () => stepUp.guard() });
    await chooseDestination('Germany');
    await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Hans Müller');
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013000');
    await submit();

    // Cancelled: the form as it was, no message.
    let dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('recipient-form-failure')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Hans Müller');

    await submit();
    dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/recipient\//));
    expect(stepUp.state.requests).toEqual([{ password: STEP_UP_PASSWORD }]);
    expect(api.saves).toHaveLength(3);
    expect(api.saves.every((s) => !('password' in s.body))).toBe(true);
    expect(api.saves[2]!.body).toEqual(api.saves[0]!.body);
  });
});
