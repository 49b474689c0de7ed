import { passkeysEndpoints } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { requestLog } from '@/testing/handlers';
import { buildPasskey, passkeysApi, REGISTRATION_OPTIONS } from '@/testing/passkeys-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';
import { notAllowed, resetWebauthnMock, webauthnMock } from '@/testing/webauthn-mock';

vi.mock('@simplewebauthn/browser', () => import('@/testing/webauthn-mock').then((m) => m.webauthnMock));

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeEach(() => {
  resetWebauthnMock();
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC_CHROME);
});

const section = async () => within(await screen.findByTestId('passkeys'));

describe('settings › passkeys (docs/product/auth-and-sessions.md#passkeys)', () => {
  it('lists the passkeys with their added and last-used dates, "Never used" for a new one', async () => {
    const { handlers } = passkeysApi([
      buildPasskey({ name: 'Laptop', created_at: '2026-10-01T09:00:00Z', last_used_at: '2026-11-20T09:00:00Z' }),
      buildPasskey({ id: '0b6f4a70-0000-4000-8000-00000000aa02', name: 'Phone', last_used_at: null }),
    ]);
    server.use(...handlers);
    const { container } = renderSignedIn('/settings');
    const list = await (await section()).findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByTestId('passkey-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Laptop');
    expect(items[0]).toHaveTextContent('Added Oct 1, 2026');
    expect(items[0]).toHaveTextContent('Last used Nov 20, 2026');
    expect(items[1]).toHaveTextContent('Phone');
    expect(items[1]).toHaveTextContent('Never used');
    expect(within(items[1]!).getByRole('button', { name: 'Remove passkey Phone' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('explains passkeys when there is none yet', async () => {
    renderSignedIn('/settings');
    const passkeys = await section();
    expect(await passkeys.findByTestId('passkeys-empty')).toHaveTextContent('You haven’t added a passkey yet.');
    expect(passkeys.getByText(/instead of your password and a code/)).toBeInTheDocument();
    expect(await passkeys.findByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails to load', async () => {
    server.use(http.get(passkeysEndpoints.listPasskeys.path, () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    const { container } = renderSignedIn('/settings');
    const passkeys = await section();
    expect(await passkeys.findByRole('alert')).toHaveTextContent('We couldn’t load your passkeys.');
    expect(await axeViolations(container)).toEqual([]);
    server.use(...passkeysApi([buildPasskey({ name: 'Laptop' })]).handlers);
    await user.click(passkeys.getByRole('button', { name: 'Try again' }));
    expect(await passkeys.findByText('Laptop')).toBeInTheDocument();
  });

  it('says why adding is not offered in a browser without WebAuthn', async () => {
    resetWebauthnMock({ webauthn: false });
    renderSignedIn('/settings');
    const passkeys = await section();
    expect(await passkeys.findByTestId('passkeys-unsupported')).toHaveTextContent(
      'This browser can’t create passkeys.',
    );
    expect(passkeys.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('adds a passkey: options, a name prefilled from the browser, the ceremony, then the list', async () => {
    const api = passkeysApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const { container } = renderSignedIn('/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Add a passkey' }));
    const name = await passkeys.findByLabelText('Passkey name');
    expect(name).toHaveValue('Chrome on macOS');
    expect(name).toHaveFocus();
    expect(requestLog).toContain(`POST ${passkeysEndpoints.passkeyRegistrationOptions.path}`);
    expect(await axeViolations(container)).toEqual([]);

    await user.clear(name);
    await user.click(passkeys.getByRole('button', { name: 'Create passkey' }));
    expect(name).toHaveAccessibleDescription(/Enter a name for this passkey\./);
    expect(webauthnMock.startRegistration).not.toHaveBeenCalled();

    await user.type(name, '  Work laptop ');
    await user.click(passkeys.getByRole('button', { name: 'Create passkey' }));
    expect(await passkeys.findByRole('status')).toHaveTextContent(
      'Passkey “Work laptop” added. You can use it the next time you sign in.',
    );
    expect(webauthnMock.startRegistration).toHaveBeenCalledWith({ optionsJSON: REGISTRATION_OPTIONS });
    expect(api.requests).toEqual([{ name: 'Work laptop', credential: expect.objectContaining({ id: 'Y3JlZA' }) }]);
    expect(await passkeys.findByText('Work laptop')).toBeInTheDocument();
    expect(passkeys.getByText('Never used')).toBeInTheDocument();
    expect(passkeys.queryByTestId('add-passkey-form')).not.toBeInTheDocument();
    expect(passkeys.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
  });

  it('says calmly when the browser ceremony is cancelled, and lets the customer try again', async () => {
    const api = passkeysApi();
    server.use(...api.handlers);
    webauthnMock.startRegistration.mockRejectedValueOnce(notAllowed());
    const user = userEvent.setup();
    renderSignedIn('/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Add a passkey' }));
    await user.click(await passkeys.findByRole('button', { name: 'Create passkey' }));
    const notice = await passkeys.findByTestId('add-passkey-notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('No passkey was created. When you’re ready, try again.');
    expect(api.requests).toEqual([]);
    expect(passkeys.queryByRole('alert')).not.toBeInTheDocument();

    // the same, unused challenge serves the second try
    await user.click(passkeys.getByRole('button', { name: 'Create passkey' }));
    expect(await passkeys.findByText('Chrome on macOS')).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    expect(requestLog.filter((l) => l === `POST ${passkeysEndpoints.passkeyRegistrationOptions.path}`)).toHaveLength(1);
  });

  it('shows the api’s message when the passkey is refused', async () => {
    server.use(
      http.post(passkeysEndpoints.registerPasskey.path, () =>
        HttpResponse.json({ message: 'The passkey could not be verified.' }, { status: 400 }),
      ),
      ...passkeysApi().handlers,
    );
    const user = userEvent.setup();
    renderSignedIn('/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Add a passkey' }));
    await user.click(await passkeys.findByRole('button', { name: 'Create passkey' }));
    expect(await passkeys.findByRole('alert')).toHaveTextContent('The passkey could not be verified.');
    expect(passkeys.getByTestId('add-passkey-form')).toBeInTheDocument();
  });

  it('removes a passkey after a confirmation', async () => {
    server.use(...passkeysApi([buildPasskey({ name: 'Laptop' })]).handlers);
    const user = userEvent.setup();
    const { container } = renderSignedIn('/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Laptop”?' });
    expect(dialog).toHaveAccessibleDescription(/You won’t be able to sign in with this passkey any more\./);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await axeViolations(container)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestLog).not.toContain(
      `DELETE ${passkeysEndpoints.deletePasskey.path.replace(':id', buildPasskey().id)}`,
    );

    await user.click(passkeys.getByRole('button', { name: 'Remove passkey Laptop' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove passkey' }));
    expect(await passkeys.findByRole('status')).toHaveTextContent('Passkey “Laptop” removed.');
    expect(requestLog).toContain(`DELETE /client/v1/passkeys/${buildPasskey().id}`);
    expect(await passkeys.findByTestId('passkeys-empty')).toBeInTheDocument();
    await waitFor(() => expect(passkeys.getByRole('heading', { name: 'Passkeys' })).toHaveFocus());
  });

  it('shows a failed removal as an error', async () => {
    server.use(
      http.delete(passkeysEndpoints.deletePasskey.path, () => new HttpResponse(null, { status: 500 })),
      ...passkeysApi([buildPasskey({ name: 'Laptop' })]).handlers,
    );
    const user = userEvent.setup();
    renderSignedIn('/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Remove passkey Laptop' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove passkey' }));
    expect(await passkeys.findByRole('alert')).toHaveTextContent('We couldn’t remove the passkey. Please try again.');
    expect(passkeys.getByText('Laptop')).toBeInTheDocument();
  });

  it('asks for a step-up when the api wants one, then goes on; a cancelled step-up shows nothing', async () => {
    const stepUp = stepUpApi();
    const api = passkeysApi();
    server.use(
      ...stepUp.handlers,
      http.post(passkeysEndpoints.passkeyRegistrationOptions.path, () => stepUp.guard()),
      ...api.handlers,
    );
    const user = userEvent.setup();
    renderSignedIn('/settings');
    const passkeys = await section();
    const add = await passkeys.findByRole('button', { name: 'Add a passkey' });

    await user.click(add);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(passkeys.queryByRole('alert')).not.toBeInTheDocument();
    expect(passkeys.queryByTestId('add-passkey-form')).not.toBeInTheDocument();

    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), STEP_UP_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await passkeys.findByLabelText('Passkey name')).toBeInTheDocument();
  });
});
