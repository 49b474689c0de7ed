import { createHash } from 'node:crypto';
import { authEndpoints, leadingZeroBits, type SignUpRequest, type ValidationErrorBody } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { config } from '@/config/env';
import { getCustomer } from '@/lib/customer-store';
import { logRequest, requestLog } from '@/testing/handlers';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

async function renderSignUp() {
  const view = renderRoute('/sign-up');
  await screen.findByTestId('password-checklist');
  return view;
}

const ruleState = (name: string) => screen.getByTestId(`password-rule-${name}`).getAttribute('data-state');

describe('sign-up screen (docs/product/screens.md)', () => {
  it('renders every specified text and control', async () => {
    await renderSignUp();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    const terms = screen.getByRole('checkbox', { name: /I agree to privacy policy & terms of service/ });
    expect(terms).not.toBeChecked();
    expect(terms.closest('div')).toHaveTextContent('I agree to privacy policy & terms of service');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/');
    const close = screen.getByRole('link', { name: /close/i });
    expect(close).toHaveAttribute('href', config.publicSiteUrl);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('opens the privacy policy and terms of service in a new tab', async () => {
    await renderSignUp();
    const privacy = screen.getByRole('link', { name: /^privacy policy/ });
    const terms = screen.getByRole('link', { name: /^terms of service/ });
    for (const link of [privacy, terms]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(privacy).toHaveAttribute('href', config.privacyUrl);
    expect(terms).toHaveAttribute('href', config.termsUrl);
  });

  it('shows a spinner while the password policy loads', async () => {
    server.use(
      http.get(authEndpoints.getPasswordPolicy.path, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderRoute('/sign-up');
    expect(await screen.findByRole('status', { name: 'Loading password rules' })).toBeInTheDocument();
  });

  it('only logs a password policy failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(authEndpoints.getPasswordPolicy.path, () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    renderRoute('/sign-up');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not load the password policy', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('password-checklist')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading password rules' })).not.toBeInTheDocument();
  });

  it('checks each password rule live: neutral, then failed, then passed', async () => {
    const user = userEvent.setup();
    await renderSignUp();
    const list = screen.getByTestId('password-checklist');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'At least 12 characters(not checked yet)',
      'An uppercase letter(not checked yet)',
      'A lowercase letter(not checked yet)',
      'A digit(not checked yet)',
      'A special character(not checked yet)',
    ]);
    for (const rule of ['length', 'uppercase', 'lowercase', 'digits', 'wildcard'])
      expect(ruleState(rule)).toBe('neutral');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(ruleState('length')).toBe('failed');
    expect(ruleState('uppercase')).toBe('failed');
    expect(ruleState('lowercase')).toBe('passed');
    expect(ruleState('digits')).toBe('failed');
    expect(ruleState('wildcard')).toBe('failed');
    expect(screen.getByTestId('password-rule-length')).toHaveTextContent('(failed)');

    await user.type(password, 'DEF123!xyz');
    for (const rule of ['length', 'uppercase', 'lowercase', 'digits', 'wildcard'])
      expect(ruleState(rule)).toBe('passed');
    expect(screen.getByTestId('password-rule-length')).toHaveTextContent('(passed)');
  });

  it('hides rules whose value is false', async () => {
    server.use(
      http.get(authEndpoints.getPasswordPolicy.path, () =>
        HttpResponse.json({
          length: { value: 8, message: 'At least 8 characters' },
          uppercase: { value: false, message: 'An uppercase letter', regex: '[A-Z]' },
          lowercase: { value: true, message: 'A lowercase letter', regex: '[a-z]' },
          digits: { value: false, message: 'A digit', regex: '[0-9]' },
          wildcard: { value: false, message: 'A special character', regex: '[^A-Za-z0-9]' },
        }),
      ),
    );
    await renderSignUp();
    expect(within(screen.getByTestId('password-checklist')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('toggles password visibility with an accessible button', async () => {
    const user = userEvent.setup();
    await renderSignUp();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
  });

  it('keeps Continue disabled until the terms box is ticked', async () => {
    const user = userEvent.setup();
    await renderSignUp();
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();
  });

  it('shows client messages for empty and malformed fields', async () => {
    const user = userEvent.setup();
    await renderSignUp();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByText('Confirm your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requestLog.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdef123456!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdef123456!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  }

  it('shows the first 422 message under each field', async () => {
    const user = userEvent.setup();
    server.use(
      http.post<never, never, ValidationErrorBody>(authEndpoints.signUp.path, () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: {
              email: ['The email has already been taken.', 'second'],
              password: ['The password is too common.'],
              confirm_password: ['The passwords do not match.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    await renderSignUp();
    await fillAndSubmit(user);

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toContain('password-rules');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('The password is too common.'));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('only logs other errors', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(authEndpoints.signUp.path, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const view = await renderSignUp();
    await fillAndSubmit(user);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(view.pathname()).toBe('/sign-up');
  });

  it('gets the csrf cookie, signs up, stores the customer and goes to onboarding', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post(authEndpoints.signUp.path, async ({ request }) => {
        logRequest(request);
        body = await request.json();
        await delay(50);
        const { buildCustomer } = await import('@/testing/fixtures');
        return HttpResponse.json(buildCustomer({ email: 'ada@example.com' }), { status: 201 });
      }),
    );
    const view = await renderSignUp();
    await fillAndSubmit(user);
    // Disabled while the request runs.
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();
    await waitFor(() => expect(view.pathname()).toBe('/workflow/onboarding'));
    expect(body).toEqual({ email: 'ada@example.com', password: 'Abcdef123456!', confirm_password: 'Abcdef123456!' });
    const posts = requestLog.filter((r) => !r.includes('password-policy'));
    expect(posts).toEqual(['GET /sanctum/csrf-cookie', 'POST /client/v1/signup']);
    expect(getCustomer(view.queryClient)?.account.email).toBe('ada@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Signup' })).toBeInTheDocument();
  });

  it('solves the proof of work a busy network asks for, says so, and signs up with it', async () => {
    const user = userEvent.setup();
    const bodies: SignUpRequest[] = [];
    server.use(
      http.post<never, SignUpRequest>(authEndpoints.signUp.path, async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        bodies.push(body);
        if (!body.proof_of_work) {
          return HttpResponse.json(
            {
              message: 'Checking your connection. Send the sign-up again with the proof of work.',
              code: 'proof_of_work_required',
              challenge: '1764186000000.10.abcdefghijklmnopqrstuv.mac',
              difficulty: 10,
            },
            { status: 428 },
          );
        }
        await delay(100);
        const { challenge, nonce } = body.proof_of_work;
        const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
        if (leadingZeroBits(digest) < 10) return HttpResponse.json({ message: 'wrong' }, { status: 428 });
        const { buildCustomer } = await import('@/testing/fixtures');
        return HttpResponse.json(buildCustomer({ email: 'ada@example.com' }), { status: 201 });
      }),
    );
    const view = await renderSignUp();
    await fillAndSubmit(user);
    expect(await screen.findByText('Checking your connection…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();
    await waitFor(() => expect(view.pathname()).toBe('/workflow/onboarding'));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      email: 'ada@example.com',
      password: 'Abcdef123456!',
      confirm_password: 'Abcdef123456!',
      proof_of_work: {
        challenge: '1764186000000.10.abcdefghijklmnopqrstuv.mac',
        nonce: expect.stringMatching(/^\d+$/),
      },
    });
    const posts = requestLog.filter((r) => !r.includes('password-policy'));
    expect(posts).toEqual(['GET /sanctum/csrf-cookie', 'POST /client/v1/signup', 'POST /client/v1/signup']);
    expect(getCustomer(view.queryClient)?.account.email).toBe('ada@example.com');
  });

  it('stops after three proofs and only logs the refusal', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let posts = 0;
    server.use(
      http.post(authEndpoints.signUp.path, () => {
        posts++;
        return HttpResponse.json(
          { message: 'Checking', code: 'proof_of_work_required', challenge: `c${posts}`, difficulty: 1 },
          { status: 428 },
        );
      }),
    );
    const view = await renderSignUp();
    await fillAndSubmit(user);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(posts).toBe(4);
    expect(view.pathname()).toBe('/sign-up');
    expect(screen.queryByText('Checking your connection…')).not.toBeInTheDocument();
  });
});
