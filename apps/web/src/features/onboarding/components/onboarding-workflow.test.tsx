import { authEndpoints, onboardingEndpoints, type Customer } from '@remit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { getCustomer } from '@/lib/customer-store';
import { i18n } from '@/lib/i18n';
import { logRequest, requestLog } from '@/testing/handlers';
import {
  buildOnboardingCustomer,
  gbAddressValues,
  gbEmploymentValues,
  gbIdentityValues,
  type OnboardingCustomerOptions,
} from '@/testing/onboarding-fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

function withProfile(options: OnboardingCustomerOptions): Customer {
  const customer = buildOnboardingCustomer(options);
  server.use(http.get(authEndpoints.getProfile.path, () => HttpResponse.json(customer)));
  return customer;
}

async function openWorkflow(options: OnboardingCustomerOptions) {
  withProfile(options);
  const view = renderRoute('/workflow/onboarding');
  // The first render loads the lazy layout and route chunks: give it time.
  await screen.findByRole('heading', { level: 1, name: 'Complete Signup' }, { timeout: 5000 });
  await screen.findByRole('heading', { level: 2 }, { timeout: 5000 });
  return view;
}

/** Generated fields are found by role and label (the visual * of required ones is aria-hidden). */
const field = (name: string) => screen.getByRole('textbox', { name });

const currentStep = () => screen.getByRole('button', { current: 'step' });

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('onboarding workflow', () => {
  it('opens at the first unfinished step: email verified and country set → identity', async () => {
    await openWorkflow({ country: 'GB' });
    expect(screen.getByRole('heading', { level: 2, name: 'Tell us about yourself' })).toBeInTheDocument();
    expect(currentStep()).toHaveAccessibleName(/^Identity/);
    expect(screen.getByRole('button', { name: /^Verify email \(completed\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Country \(completed\)/ })).toBeInTheDocument();
    // The derived rule (docs/product/entities.md#information-required): identity has required
    // attributes without values.
    expect(within(screen.getByTestId('onboarding-step-identity')).getByText('Required')).toBeInTheDocument();
  });

  it('verifies the email with the code, shows a 422 under the field, then moves to country', async () => {
    const user = userEvent.setup();
    const view = await openWorkflow({ emailVerified: false });
    expect(screen.getByRole('heading', { level: 2, name: 'Verify your email address' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '654321');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The code is invalid or has expired\./));
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json(buildOnboardingCustomer({ emailVerified: true })),
      ),
    );
    await user.clear(code);
    await user.type(code, '123456');
    expect(await screen.findByRole('heading', { level: 2, name: 'Where do you live?' })).toBeInTheDocument();
    expect(getCustomer(view.queryClient)?.account.is_email_verified).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Where do you live?' })).toHaveFocus();
  });

  it('resends the email code', async () => {
    const user = userEvent.setup();
    await openWorkflow({ emailVerified: false });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: /Resend code in/ })).toBeInTheDocument();
    expect(requestLog).toContain('POST /client/v1/resend-email-verification');
  });

  it('finds a country by its native name and saves it', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post(onboardingEndpoints.updateCountry.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildOnboardingCustomer({ country: 'GB' }));
      }),
    );
    await openWorkflow({ country: null });
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    await user.type(search, 'Deutschland');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    const germany = screen.getByRole('radio', { name: /Germany/ });
    expect(germany).toHaveAccessibleName(/Germany Deutschland calling code \+49/);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Countries found: 1');
    await user.click(germany);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tell us about yourself' })).toBeInTheDocument();
    expect(body).toEqual({ country_id: 276 });
  });

  it('asks to pick a country, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await openWorkflow({ country: null });
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose your country of residence.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search countries' }), 'Atlantis');
    expect(await screen.findByText('No country matches “Atlantis”.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the countries do not load', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get(onboardingEndpoints.listCountries.path, async () => {
        if (fail) return HttpResponse.json({ message: 'Down' }, { status: 500 });
        const { countryList } = await import('@/testing/onboarding-fixtures');
        return HttpResponse.json({ countries: countryList });
      }),
    );
    await openWorkflow({ country: null });
    expect(await screen.findByText('We couldn’t load the list of countries.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('searchbox', { name: 'Search countries' })).toBeInTheDocument();
  });

  it('generates the form from the attributes: labels, help text, required marks, mask', async () => {
    const user = userEvent.setup();
    await openWorkflow({ country: 'GB' });
    const dob = field('Date of birth');
    expect(dob).toBeRequired();
    expect(dob).toHaveAccessibleDescription('For example, 31/03/1990.');
    const ni = field('National Insurance number');
    expect(ni).not.toBeRequired();
    expect(ni).toHaveAccessibleDescription('It’s on your National Insurance card, payslip or P60.');
    expect(field('First name')).toBeRequired();
    expect(screen.getByText('Date of birth')).toHaveTextContent('Date of birth*');
    await user.type(dob, '31031990');
    expect(dob).toHaveValue('31/03/1990');
    await user.type(ni, 'QQ123456C');
    expect(ni).toHaveValue('QQ 12 34 56 C');
  });

  it('generates a different form for another country (Nigeria)', async () => {
    await openWorkflow({ country: 'NG' });
    expect(field('Bank Verification Number (BVN)')).toHaveAccessibleDescription('Dial *565*0# to get your BVN.');
    expect(field('Surname')).toBeRequired();
    expect(screen.queryByRole('textbox', { name: 'National Insurance number' })).not.toBeInTheDocument();
  });

  it('shows "This field is required." and the attribute’s own message for a failed expression, without sending', async () => {
    const user = userEvent.setup();
    await openWorkflow({ country: 'GB', values: gbIdentityValues });
    expect(screen.getByRole('heading', { level: 2, name: 'Your home address' })).toBeInTheDocument();
    await user.type(field('Postcode'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const postcode = field('Postcode');
    await waitFor(() => expect(postcode).toHaveAttribute('aria-invalid', 'true'));
    expect(postcode).toHaveAccessibleDescription('Use capital letters. Enter a real postcode, like SW1A 1AA.');
    expect(field('Town or city')).toHaveAccessibleDescription('This field is required.');
    expect(field('Address line 2')).not.toHaveAttribute('aria-invalid');
    expect(requestLog.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('sends dotted keys nested, under ?category=, and moves on', async () => {
    const user = userEvent.setup();
    let body: unknown;
    let category: string | null = null;
    server.use(
      http.post(onboardingEndpoints.updateAttributes.path, async ({ request }) => {
        logRequest(request);
        body = await request.json();
        category = new URL(request.url).searchParams.get('category');
        return HttpResponse.json(
          buildOnboardingCustomer({ country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues } }),
        );
      }),
    );
    const view = await openWorkflow({ country: 'GB', values: gbIdentityValues });
    await user.type(field('Address line 1'), '1 Main Street');
    await user.type(field('Town or city'), 'Leeds');
    await user.type(field('Postcode'), 'LS1 1AA');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your employment' })).toBeInTheDocument();
    expect(category).toBe('address');
    expect(body).toEqual({ address: { line_1: '1 Main Street', city: 'Leeds', postcode: 'LS1 1AA' } });
    expect(getCustomer(view.queryClient)?.attributes.find((a) => a.attribute === 'address.city')?.value).toBe('Leeds');
  });

  it('shows a server 422 under the field of its dotted attribute key', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(onboardingEndpoints.updateAttributes.path, () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { 'address.postcode': ['We cannot deliver to this postcode.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await openWorkflow({ country: 'GB', values: gbIdentityValues });
    await user.type(field('Address line 1'), '1 Main Street');
    await user.type(field('Town or city'), 'Leeds');
    await user.type(field('Postcode'), 'LS1 1AA');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const postcode = field('Postcode');
    await waitFor(() => expect(postcode).toHaveAttribute('aria-invalid', 'true'));
    expect(postcode).toHaveAccessibleDescription('Use capital letters. We cannot deliver to this postcode.');
    expect(postcode).toHaveFocus();
    expect(field('Town or city')).not.toHaveAttribute('aria-invalid');
  });

  it('renders a fixed-list attribute as a select with translated labels', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post(onboardingEndpoints.updateAttributes.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          buildOnboardingCustomer({
            country: 'GB',
            values: { ...gbIdentityValues, ...gbAddressValues, employment_status: 'self_employed' },
          }),
        );
      }),
    );
    await openWorkflow({ country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues } });
    const status = screen.getByRole('combobox', { name: 'Employment status' });
    expect(optionTexts(status)).toEqual(['Select…', 'Employed', 'Self-employed', 'Unemployed', 'Student', 'Retired']);
    await user.selectOptions(status, 'Self-employed');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your mobile number' })).toBeInTheDocument();
    expect(body).toEqual({ employment_status: 'self_employed' });
  });

  it('builds a select from the attribute’s options: labels by attribute and value in French, else the api’s', async () => {
    const user = userEvent.setup();
    let body: unknown;
    const ngIdentity = { first_name: 'Chidi', last_name: 'Okafor', bvn: '12345678901' };
    const customer = buildOnboardingCustomer({ country: 'NG', values: ngIdentity });
    // An option the app has no text for (say, one the api added later) shows the api's label.
    const withNewOption: Customer = {
      ...customer,
      attributes: customer.attributes.map((a) =>
        a.attribute === 'address.region' && a.options
          ? { ...a, options: [...a.options, { value: 'Atlantis', label: 'Atlantis Province' }] }
          : a,
      ),
    };
    server.use(
      http.get(authEndpoints.getProfile.path, () => HttpResponse.json(withNewOption)),
      http.post(onboardingEndpoints.updateAttributes.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(customer);
      }),
    );
    renderRoute('/workflow/onboarding');
    const state = await screen.findByRole('combobox', { name: 'State' }, { timeout: 5000 });
    expect(optionTexts(state)).toEqual(['Select…', 'Abia', 'Federal Capital Territory', 'Lagos', 'Atlantis Province']);

    await act(() => i18n.changeLanguage('fr'));
    expect(optionTexts(state)).toEqual([
      'Sélectionnez…',
      'Abia',
      'Territoire de la capitale fédérale',
      'Lagos',
      'Atlantis Province',
    ]);
    await user.type(field('Street address'), '1 Marina Road');
    await user.type(field('City'), 'Abuja');
    await user.selectOptions(state, 'Territoire de la capitale fédérale');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    // The value is sent, never the label.
    await waitFor(() =>
      expect(body).toEqual({
        address: { line_1: '1 Marina Road', city: 'Abuja', region: 'Federal Capital Territory' },
      }),
    );
  });

  it('reads no list out of an expression: an attribute without options is a text input', async () => {
    const customer = buildOnboardingCustomer({ country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues } });
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({
          ...customer,
          attributes: customer.attributes.map((a) =>
            a.attribute === 'employment_status' ? { ...a, options: null } : a,
          ),
        }),
      ),
    );
    renderRoute('/workflow/onboarding');
    await screen.findByRole('heading', { level: 2, name: 'Your employment' }, { timeout: 5000 });
    expect(field('Employment status')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Employment status' })).not.toBeInTheDocument();
  });

  it('sends the mobile number with the calling code country, then shows the completion panel', async () => {
    const user = userEvent.setup();
    let body: unknown;
    const all = { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues };
    server.use(
      http.post(onboardingEndpoints.updateMobileNumber.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          buildOnboardingCustomer({ country: 'GB', values: all, mobile: { country: 'GB', number: '7700900123' } }),
        );
      }),
    );
    await openWorkflow({ country: 'GB', values: all });
    const code = await screen.findByRole('combobox', { name: 'Country code' });
    expect(code).toHaveDisplayValue('United Kingdom (+44)');
    await user.type(screen.getByLabelText('Mobile number'), '7700 900123');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your profile is complete' })).toBeInTheDocument();
    expect(body).toEqual({ mobile_number_country_id: 826, mobile_number: '7700900123' });
    expect(screen.getByRole('link', { name: 'Verify my account' })).toHaveAttribute('href', '/account-verification');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows a mobile number 422 under the number field', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(onboardingEndpoints.updateMobileNumber.path, () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { mobile_number: ['This is not a valid mobile number for France.'] } },
          { status: 422 },
        ),
      ),
    );
    await openWorkflow({ country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country code' }), 'France (+33)');
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const number = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining('This is not a valid mobile number for France.'),
    );
  });

  it('changing a number gets its step-up through the app’s dialog, then the same request again', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const all = { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues };
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(
      ...stepUp.handlers,
      http.post(onboardingEndpoints.updateMobileNumber.path, async ({ request }) => {
        bodies.push(await request.json());
        return (
          stepUp.guard() ??
          HttpResponse.json(
            buildOnboardingCustomer({ country: 'GB', values: all, mobile: { country: 'GB', number: '7700900999' } }),
          )
        );
      }),
    );
    await openWorkflow({ country: 'GB', values: all });
    await user.type(await screen.findByLabelText('Mobile number'), '7700 900999');
    const save = screen.getByRole('button', { name: 'Save and continue' });

    // Cancelled: the step as it was, no message.
    await user.click(save);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('7700 900999');

    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is incorrect.'));
    await user.clear(password);
    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your profile is complete' })).toBeInTheDocument();
    const body = { mobile_number_country_id: 826, mobile_number: '7700900999' };
    expect(bodies).toEqual([body, body, body]);
  });

  it('goes back and forth with Back and the stepper', async () => {
    const user = userEvent.setup();
    await openWorkflow({ country: 'GB' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Where do you live?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /^Mobile number/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your mobile number' })).toBeInTheDocument();
    expect(currentStep()).toHaveAccessibleName(/^Mobile number/);
  });

  it('tells the customer to choose a country before the attribute steps', async () => {
    const user = userEvent.setup();
    await openWorkflow({ emailVerified: false });
    await user.click(screen.getByRole('button', { name: /^Identity/ }));
    expect(
      await screen.findByText('Choose your country first: the details we ask for depend on it.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose country' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Where do you live?' })).toBeInTheDocument();
  });

  it('invalidates the tasks after a save', async () => {
    const user = userEvent.setup();
    const view = await openWorkflow({ country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues } });
    view.queryClient.setQueryData(['tasks'], []);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Employment status' }), 'Employed');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Your mobile number' });
    expect(view.queryClient.getQueryState(['tasks'])?.isInvalidated).toBe(true);
  });
});
