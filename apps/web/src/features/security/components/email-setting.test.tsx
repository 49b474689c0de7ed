import {
  Customer,
  securityEndpoints,
  type ChangeEmailRequest,
  type CodeSentResponse,
  type MessageBody,
  type OtpRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { renderSignedIn } from '@/testing/render';
import { completeCustomer } from '@/testing/security-fixtures';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

const CODE = '135790';
const NEW_EMAIL = 'ada.new@example.com';

/**
 * The two calls as the api behaves (docs/product/auth-and-sessions.md#changing-the-email-address):
 * asking for a code needs a recent step-up; the code makes the new address the customer's.
 */
function emailChangeApi(customer: Customer, log: { starts: ChangeEmailRequest[]; confirms: OtpRequest[] }) {
  const stepUp = stepUpApi();
  let asked: string | null = null;
  server.use(
    ...stepUp.handlers,
    http.post<never, ChangeEmailRequest, CodeSentResponse | MessageBody | ValidationErrorBody>(
      securityEndpoints.changeEmail.path,
      async ({ request }) => {
        const body = await request.json();
        log.starts.push(body);
        if (body.email === customer.account.email) {
          const message = 'This is already your email address.';
          return HttpResponse.json({ message, errors: { email: [message] } }, { status: 422 });
        }
        const needed = stepUp.guard();
        if (needed) return needed as never;
        asked = body.email;
        return HttpResponse.json({
          message: 'We have sent a code to your new email address.',
          resend_available_in: 60,
        });
      },
    ),
    http.post<never, OtpRequest, Customer | MessageBody | ValidationErrorBody>(
      securityEndpoints.confirmEmailChange.path,
      async ({ request }) => {
        const body = await request.json();
        log.confirms.push(body);
        if (!asked) return HttpResponse.json({ message: 'There is no email change to confirm.' }, { status: 409 });
        if (body.otp !== CODE) {
          const message = 'The code is incorrect.';
          return HttpResponse.json({ message, errors: { otp: [message] } }, { status: 422 });
        }
        return HttpResponse.json(
          Customer.parse({ ...customer, account: { ...customer.account, email: asked, is_email_verified: true } }),
        );
      },
    ),
  );
}

async function openEditor() {
  const user = userEvent.setup();
  const customer = completeCustomer();
  const log = { starts: [] as ChangeEmailRequest[], confirms: [] as OtpRequest[] };
  emailChangeApi(customer, log);
  const view = renderSignedIn('/settings', customer);
  await user.click(await screen.findByRole('button', { name: 'Change email address' }));
  const field = screen.getByRole('textbox', { name: 'New email address' });
  await waitFor(() => expect(field).toHaveFocus());
  return { user, view, log, field, customer };
}

describe('settings: changing the email address', () => {
  it('asks for the step-up, mails a code, and the code changes the address (stored, announced)', async () => {
    const { user, view, log, field } = await openEditor();
    await user.type(field, NEW_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);

    expect(await screen.findByTestId('email-code-sent')).toHaveTextContent(
      `We have sent a 6-digit code to ${NEW_EMAIL}. It expires in 10 minutes.`,
    );
    expect(log.starts).toEqual([{ email: NEW_EMAIL }, { email: NEW_EMAIL }]);
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '000000');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The code is incorrect\./));
    await user.clear(code);
    await user.type(code, CODE);

    expect(await screen.findByTestId('email-notice')).toHaveTextContent(`Your email address is now ${NEW_EMAIL}.`);
    expect(screen.getByTestId('profile-email')).toHaveTextContent(NEW_EMAIL);
    expect(view.queryClient.getQueryData<Customer>(['profile'])?.account.email).toBe(NEW_EMAIL);
    expect(log.confirms.map((c) => c.otp)).toEqual(['000000', CODE]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change email address' })).toHaveFocus());
  });

  it('checks the address before asking the api, and shows the api’s 422 under the field', async () => {
    const { user, log, field, customer } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field).toHaveAccessibleDescription(/Enter your new email address\./);
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field).toHaveAccessibleDescription(/Enter an email address like name@example\.com\./);
    expect(log.starts).toEqual([]);

    // the api's own check (a differently cased current address passes the app's check)
    await user.clear(field);
    await user.type(field, customer.account.email.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field).toHaveAccessibleDescription(/This is already your email address\./);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a cancelled step-up keeps the form; Cancel closes it with the address unchanged', async () => {
    const { user, field, customer } = await openEditor();
    await user.type(field, NEW_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'New email address' })).toHaveValue(NEW_EMAIL);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('email-change-form')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-email')).toHaveTextContent(customer.account.email);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change email address' })).toHaveFocus());
  });

  it('shows a 429 in an alert; no axe violations with the form open and with the alert', async () => {
    const { user, view, field } = await openEditor();
    expect(await axeViolations(view.container)).toEqual([]);
    await user.type(field, NEW_EMAIL);
    server.use(
      http.post(securityEndpoints.changeEmail.path, () =>
        HttpResponse.json({ message: 'Too many requests. Try again in 1 minute.' }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 1 minute.');
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
