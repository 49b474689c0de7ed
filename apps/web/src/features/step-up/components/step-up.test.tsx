import { transactionsEndpoints, type TransactionRequest } from '@remit/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readShownError } from '@/lib/api-errors';
import { callEndpoint } from '@/lib/call-endpoint';
import { i18n } from '@/lib/i18n';
import { server } from '@/testing/server';
import {
  PASSKEY_OPTIONS,
  STEP_UP_OTP,
  STEP_UP_PASSWORD,
  stepUpApi,
  type StepUpApiOptions,
} from '@/testing/step-up-handlers';
import { StepUpProvider } from './step-up-provider';

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln' },
  clientExtensionResults: {},
};

const BODY: TransactionRequest = { quote_id: 'q-1', recipient_id: 'r-1', purpose: null, reference: '' };

/** A protected call (confirming a transfer) behind the step-up, recording each attempt's key. */
function protectedTransfer(options: StepUpApiOptions = {}) {
  const api = stepUpApi(options);
  const attempts: (string | null)[] = [];
  server.use(
    ...api.handlers,
    mswHttp.post(transactionsEndpoints.createTransaction.path, ({ request }) => {
      attempts.push(request.headers.get('idempotency-key'));
      return api.guard() ?? HttpResponse.json({ message: 'not a transaction' }, { status: 418 });
    }),
  );
  return { api, attempts };
}

/** Sends the call, then shows what a screen would: the answer, the error it shows, or nothing. */
function Caller({ calls = 1 }: { calls?: number }) {
  const [outcome, setOutcome] = useState<string[]>([]);
  const send = () =>
    callEndpoint(transactionsEndpoints.createTransaction, { body: BODY, headers: { 'Idempotency-Key': 'key-1' } })
      .then(() => 'ok')
      .catch(async (error: unknown) => {
        const shown = await readShownError(error);
        return shown ? `error: ${shown.message ?? ''} (${shown.status})` : 'nothing shown';
      });
  return (
    <>
      <button type="button" onClick={() => void Promise.all(Array.from({ length: calls }, send)).then(setOutcome)}>
        Send
      </button>
      <p data-testid="outcome">{outcome.join(' | ')}</p>
    </>
  );
}

function renderCaller(calls = 1) {
  return render(
    <StepUpProvider>
      <Caller calls={calls} />
    </StepUpProvider>,
  );
}

const outcome = () => screen.getByTestId('outcome');

afterEach(() => {
  vi.unstubAllGlobals();
  startAuthentication.mockReset();
});

describe('step-up (docs/product/auth-and-sessions.md#step-up)', () => {
  it('asks for the password in a modal, then sends the same request again with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { api, attempts } = protectedTransfer();
    renderCaller();
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/For your security/);
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // Without WebAuthn in this browser, no passkey button.
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(api.state.requests).toHaveLength(0);

    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() => expect(outcome()).toHaveTextContent('error: not a transaction (418)'));
    expect(api.state.requests).toEqual([{ password: STEP_UP_PASSWORD }]);
    expect(attempts).toEqual(['key-1', 'key-1']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).toHaveFocus();
  });

  it('shows a wrong password under the field and does not send the original call again', async () => {
    const user = userEvent.setup();
    const { api, attempts } = protectedTransfer();
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is incorrect.'));
    expect(password).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.state.requests).toEqual([{ password: 'wrong' }]);
    expect(attempts).toHaveLength(1);
  });

  it('cancel (button or Escape) leaves the caller with nothing to show, and focus where it was', async () => {
    const user = userEvent.setup();
    const { attempts } = protectedTransfer();
    renderCaller();
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(outcome()).toHaveTextContent('nothing shown'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).toHaveFocus();

    await user.click(send);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(outcome()).toHaveTextContent('nothing shown');
    expect(attempts).toHaveLength(2);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    protectedTransfer();
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText('Your password');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(password).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(password).toHaveFocus();
  });

  it('takes a code from the authenticator app (six digits, sent as they are complete) with the scope', async () => {
    const user = userEvent.setup();
    const { api, attempts } = protectedTransfer({ factors: ['totp'], scope: 'transfer:new-recipient' });
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    const code = within(dialog).getByLabelText('Code from your authenticator app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '111111');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The code is not valid\./));
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, STEP_UP_OTP);
    await waitFor(() => expect(outcome()).toHaveTextContent('error: not a transaction (418)'));
    expect(api.state.requests).toEqual([
      { otp: '111111', scope: 'transfer:new-recipient' },
      { otp: STEP_UP_OTP, scope: 'transfer:new-recipient' },
    ]);
    expect(attempts).toHaveLength(2);
  });

  it('switches between the password and the authenticator code', async () => {
    const user = userEvent.setup();
    const { api } = protectedTransfer({ factors: ['password', 'totp'] });
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your authenticator app instead' }));
    const code = within(dialog).getByLabelText('Code from your authenticator app');
    await waitFor(() => expect(code).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Use your password instead' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Your password')).toHaveFocus());
    await user.keyboard(`${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() => expect(outcome()).toHaveTextContent('error: not a transaction (418)'));
    expect(api.state.requests).toEqual([{ password: STEP_UP_PASSWORD }]);
  });

  it('confirms with a passkey: options, the browser prompt, then the assertion', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials: { get: vi.fn() } }));
    startAuthentication.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { api, attempts } = protectedTransfer({ factors: ['password', 'passkey'] });
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    const passkey = within(dialog).getByRole('button', { name: 'Use a passkey' });

    // Dismissed in the browser: a quiet word under the button, nothing sent.
    await user.click(passkey);
    await waitFor(() => expect(passkey).toHaveAccessibleDescription(/The passkey wasn’t used/));
    await waitFor(() => expect(passkey).toHaveFocus());
    expect(api.state.requests).toHaveLength(0);

    await user.click(passkey);
    await waitFor(() => expect(outcome()).toHaveTextContent('error: not a transaction (418)'));
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: PASSKEY_OPTIONS });
    expect(api.state.optionsCalls).toBe(2);
    expect(api.state.requests).toEqual([{ passkey: ASSERTION }]);
    expect(attempts).toHaveLength(2);
  });

  it('shows a 429 in an alert, keeping the dialog open', async () => {
    const user = userEvent.setup();
    const { attempts } = protectedTransfer({
      answer: () => HttpResponse.json({ message: 'Too many attempts. Try again in 15 minutes.' }, { status: 429 }),
    });
    renderCaller();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'anything{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(attempts).toHaveLength(1);
  });

  it('opens one dialog for two calls that need a step-up at once, and sends both again', async () => {
    const user = userEvent.setup();
    const { api, attempts } = protectedTransfer();
    renderCaller(2);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(attempts).toHaveLength(2));
    // Let the second 403 reach the interceptor too.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() =>
      expect(outcome()).toHaveTextContent('error: not a transaction (418) | error: not a transaction (418)'),
    );
    expect(api.state.requests).toHaveLength(1);
    expect(attempts).toHaveLength(4);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    protectedTransfer();
    await i18n.changeLanguage('fr');
    try {
      renderCaller();
      await user.click(screen.getByRole('button', { name: 'Send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirmez que c’est bien vous' });
      expect(within(dialog).getByLabelText('Votre mot de passe')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
