import {
  Customer,
  onboardingEndpoints,
  type MessageBody,
  type UpdateMobileNumberRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { buildCustomer } from '@/testing/fixtures';
import { countries, countryList } from '@/testing/onboarding-fixtures';
import { renderSignedIn } from '@/testing/render';
import { completeCustomer } from '@/testing/security-fixtures';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

/** completeCustomer() with every profile field filled, and optionally a mobile number. */
function fullCustomer(mobile: string | null = '+447700900111'): Customer {
  const base = completeCustomer();
  return Customer.parse({
    ...base,
    whole_name: 'Ada King Lovelace',
    nationality: countries.FR,
    address: {
      address_line_1: '1 Main Street',
      address_line_2: 'Flat 2',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      region: 'West Yorkshire',
      created_at: base.created_at,
      updated_at: base.updated_at,
    },
    attributes: [
      {
        attribute: 'date_of_birth',
        category: 'identity',
        regular_expression: null,
        mask: null,
        expression_error_message: null,
        label: 'Date of birth',
        info_text: null,
        is_required: true,
        value: '10/12/1985',
        options: null,
      },
    ],
    account: { ...base.account, mobile_number: mobile, mobile_number_country: mobile ? countries.GB : null },
  });
}

type MobileAnswer = Customer | MessageBody | ValidationErrorBody;

/**
 * update-mobile-number as the api behaves: changing an existing number needs a recent step-up (403
 * step_up_required until one passed); the answer is the customer with the new E.164 number.
 */
function mobileNumberApi(customer: Customer, bodies: UpdateMobileNumberRequest[], stepUp = stepUpApi()) {
  server.use(...stepUp.handlers);
  return http.post<never, UpdateMobileNumberRequest, MobileAnswer>(
    onboardingEndpoints.updateMobileNumber.path,
    async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      const needed = customer.account.mobile_number !== null ? stepUp.guard() : undefined;
      if (needed) return needed as never;
      const country = Object.values(countries).find((c) => c.id === body.mobile_number_country_id)!;
      const e164 = `${country.calling_code}${body.mobile_number.replace(/^0/, '')}`;
      return HttpResponse.json(
        Customer.parse({
          ...customer,
          account: { ...customer.account, mobile_number: e164, mobile_number_country: country },
        }),
      );
    },
  );
}

async function openEditor(name: 'Add mobile number' | 'Change mobile number') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const country = await screen.findByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(country).toHaveFocus());
  return { user, country, number: screen.getByRole('textbox', { name: 'Mobile number' }) };
}

/**
 * A customer with a number opens the editor, types a new number and saves: the app's step-up dialog
 * asks for the password (by default mobileNumberApi, which accepts STEP_UP_PASSWORD).
 */
async function startChange(newNumber: string, api?: ReturnType<typeof http.post>) {
  server.use(api ?? mobileNumberApi(fullCustomer(), []));
  const view = renderSignedIn('/settings', fullCustomer());
  const editor = await openEditor('Change mobile number');
  await editor.user.clear(editor.number);
  await editor.user.type(editor.number, newNumber);
  await editor.user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
  return { ...editor, view, dialog, password: within(dialog).getByLabelText('Your password') };
}

describe('settings: profile and contact details', () => {
  it('shows the identity and contact details read-only', async () => {
    renderSignedIn('/settings', fullCustomer());
    const section = await screen.findByRole('region', { name: 'Profile and contact details' });
    expect(within(section).getByTestId('profile-name')).toHaveTextContent('Ada King Lovelace');
    expect(within(section).getByTestId('profile-date-of-birth')).toHaveTextContent('10/12/1985');
    expect(within(section).getByTestId('profile-nationality')).toHaveTextContent('France');
    expect(within(section).getByTestId('profile-country')).toHaveTextContent('United Kingdom');
    expect(within(section).getByTestId('profile-address')).toHaveTextContent(
      '1 Main StreetFlat 2LeedsLS1 1AAWest Yorkshire',
    );
    expect(within(section).getByTestId('profile-email')).toHaveTextContent('ada@example.com');
    expect(within(section).getByTestId('profile-email-status')).toHaveTextContent('Verified');
    expect(within(section).getByTestId('profile-crn')).toHaveTextContent('CRN0000001');
    expect(within(section).getByTestId('profile-mobile-number')).toHaveTextContent('+447700900111 (United Kingdom)');
    expect(within(section).getByRole('button', { name: 'Change mobile number' })).toHaveTextContent('Change');
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says "Not provided" for every missing detail', async () => {
    renderSignedIn('/settings', buildCustomer());
    const section = await screen.findByRole('region', { name: 'Profile and contact details' });
    for (const id of ['name', 'date-of-birth', 'nationality', 'country', 'address', 'mobile-number']) {
      expect(within(section).getByTestId(`profile-${id}`)).toHaveTextContent(/^Not provided$/);
    }
    expect(within(section).getByTestId('profile-email-status')).toHaveTextContent('Not verified');
    expect(within(section).getByRole('button', { name: 'Add mobile number' })).toHaveTextContent('Add');
  });

  it('adds a first number without the password: countries with a calling code, residence preselected', async () => {
    const bodies: UpdateMobileNumberRequest[] = [];
    const customer = fullCustomer(null);
    server.use(mobileNumberApi(customer, bodies));
    renderSignedIn('/settings', customer);
    const { user, country, number } = await openEditor('Add mobile number');

    expect(country).toHaveDisplayValue('United Kingdom (+44)');
    const options = within(country)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Ivory Coast (+225)');
    expect(options[0]).toBe('Choose a country');
    expect(options.filter((o) => o?.includes('Antarctica'))).toEqual([]); // no calling code
    expect(number).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('Enter your mobile number.'));
    expect(number).toHaveFocus();

    await user.selectOptions(country, 'Germany (+49)');
    await user.type(number, '0151 234-5678');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('mobile-number-notice')).toHaveTextContent('Your mobile number was updated.');
    expect(screen.getByTestId('mobile-number-notice')).toHaveAttribute('role', 'status');
    expect(bodies).toEqual([{ mobile_number_country_id: countries.DE.id, mobile_number: '01512345678' }]);
    expect(screen.getByTestId('profile-mobile-number')).toHaveTextContent('+491512345678 (Germany)');
    expect(screen.queryByTestId('mobile-number-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change mobile number' })).toHaveFocus());
  });

  it('changes a number: 403 step_up_required, the step-up dialog, the same request again', async () => {
    const bodies: UpdateMobileNumberRequest[] = [];
    const { user, view, password } = await startChange('7700 900222', mobileNumberApi(fullCustomer(), bodies));
    expect(password).toHaveFocus();
    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);

    expect(await screen.findByTestId('mobile-number-notice')).toHaveTextContent('Your mobile number was updated.');
    expect(bodies).toEqual([
      { mobile_number_country_id: countries.GB.id, mobile_number: '7700900222' },
      { mobile_number_country_id: countries.GB.id, mobile_number: '7700900222' },
    ]);
    expect(screen.getByTestId('profile-mobile-number')).toHaveTextContent('+447700900222 (United Kingdom)');
    expect(view.queryClient.getQueryData<Customer>(['profile'])?.account.mobile_number).toBe('+447700900222');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change mobile number' })).toHaveFocus());
  });

  it('shows a wrong password in the dialog, and a 429 of the change in an alert', async () => {
    const { user, password } = await startChange('7700900222');
    await user.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is incorrect.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post(onboardingEndpoints.updateMobileNumber.path, () =>
        HttpResponse.json({ message: 'Too many attempts. Try again in 15 minutes.' }, { status: 429 }),
      ),
    );
    await user.clear(password);
    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-mobile-number')).toHaveTextContent('+447700900111');
  });

  it('shows 422 messages under the number and country fields', async () => {
    server.use(
      http.post(
        onboardingEndpoints.updateMobileNumber.path,
        () =>
          HttpResponse.json(
            { message: 'Invalid.', errors: { mobile_number: ['Enter a valid mobile number for United Kingdom.'] } },
            { status: 422 },
          ),
        { once: true },
      ),
      http.post(onboardingEndpoints.updateMobileNumber.path, () =>
        HttpResponse.json(
          {
            message: 'Invalid.',
            errors: { mobile_number_country_id: ['The selected mobile number country is invalid.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderSignedIn('/settings', fullCustomer(null));
    const { user, country, number } = await openEditor('Add mobile number');
    await user.type(number, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(
        'Enter a valid mobile number for United Kingdom. Without the country code, for example 7700 900123.',
      ),
    );
    expect(number).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(country).toHaveAccessibleDescription('The selected mobile number country is invalid.'));
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveFocus();
  });

  it('shows the number refused after the step-up under its field', async () => {
    const stepUp = stepUpApi();
    server.use(...stepUp.handlers);
    const { user, password } = await startChange(
      '123456',
      http.post(
        onboardingEndpoints.updateMobileNumber.path,
        () =>
          stepUp.guard() ??
          HttpResponse.json(
            { message: 'Invalid.', errors: { mobile_number: ['Enter a valid mobile number.'] } },
            { status: 422 },
          ),
      ),
    );
    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);

    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a valid mobile number.')),
    );
    expect(field).toHaveValue('123456');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('a cancelled step-up keeps the form as it was, without a message; cancel closes it (focus back on the button)', async () => {
    const { user, dialog } = await startChange('7700900333');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const again = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(again).toHaveValue('7700900333');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('mobile-number-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mobile-number-notice')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change mobile number' })).toHaveFocus());
  });

  it('shows the countries loading, then an error with a retry', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(onboardingEndpoints.listCountries.path, async () => {
        await gate;
        return HttpResponse.json({ countries: countryList });
      }),
    );
    server.use(
      http.get(onboardingEndpoints.listCountries.path, () => HttpResponse.json({ message: 'Boom' }, { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    renderSignedIn('/settings', fullCustomer());
    await user.click(await screen.findByRole('button', { name: 'Change mobile number' }));
    const panel = screen.getByRole('group', { name: 'Change your mobile number' });
    expect(screen.getByRole('heading', { name: 'Change your mobile number' })).toHaveFocus();
    expect(await within(panel).findByTestId('mobile-countries-error')).toHaveTextContent(
      'We couldn’t load the list of countries.',
    );

    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('status', { name: 'Loading countries' })).toBeInTheDocument();
    release();
    const country = await within(panel).findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveFocus());
    expect(within(panel).queryByTestId('mobile-countries-error')).not.toBeInTheDocument();
  });

  it('has no axe violations with the form open, with errors, and with the step-up dialog', async () => {
    server.use(mobileNumberApi(fullCustomer(), []));
    renderSignedIn('/settings', fullCustomer());
    const { user, country, number } = await openEditor('Change mobile number');
    expect(country).toHaveDisplayValue('United Kingdom (+44)'); // the number's country
    expect(number).toHaveValue('7700900111'); // without its calling code
    const section = screen.getByRole('region', { name: 'Profile and contact details' });
    expect(await axeViolations(section)).toEqual([]);

    await user.clear(number);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter your mobile number.');
    expect(await axeViolations(section)).toEqual([]);

    await user.type(number, '7700900444');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(await axeViolations(dialog)).toEqual([]);
  });
});
