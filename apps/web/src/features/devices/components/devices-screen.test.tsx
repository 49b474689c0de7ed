import { devicesEndpoints, type Device } from '@remit/contract';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { buildDevice, currentDevice, defaultDevices, devicesApi } from '@/testing/devices-handlers';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

const CHROME = 'Chrome 120 on macOS 10.15';
const listPath = devicesEndpoints.listDevices.path;
const deletePath = devicesEndpoints.revokeDevice.path;

const renderDevices = (path = '/devices') => renderSignedIn(path);

/** The list item that names `text`. */
async function item(text: string) {
  const items = await screen.findAllByTestId('device-item');
  const found = items.find((li) => within(li).queryByText(text));
  if (!found) throw new Error(`No device item with ${text}`);
  return found;
}

const listCalls = () => requestLog.filter((line) => line === `GET ${listPath}`).length;

/** A promise the test settles when it wants the request to answer. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('devices', () => {
  it('lists every device, the current one first with its badge and without a sign-out button', async () => {
    renderDevices();
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('device-item');
    expect(items).toHaveLength(4);

    const [current, chrome, unknown, pending] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).getByText('Chrome 130')).toBeInTheDocument();
    expect(within(current).getByText('Linux')).toBeInTheDocument();
    expect(within(current).getByText('Last active now')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    expect(within(chrome).getByText('Chrome 120')).toBeInTheDocument();
    expect(within(chrome).getByText('macOS 10.15')).toBeInTheDocument();
    expect(within(chrome).getByText('Last active 5 minutes ago')).toHaveAttribute('datetime');
    expect(within(chrome).queryByText('This device')).not.toBeInTheDocument();
    expect(within(chrome).queryByText('Waiting for the sign-in code')).not.toBeInTheDocument();
    expect(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` })).toBeInTheDocument();

    // No user agent, no touched_at: the "unknown" texts and the creation time.
    expect(within(unknown).getByText('Unknown browser')).toBeInTheDocument();
    expect(within(unknown).getByText('Unknown system')).toBeInTheDocument();
    expect(within(unknown).getByText('Last active 3 days ago')).toBeInTheDocument();
    expect(
      within(unknown).getByRole('button', { name: 'Sign out Unknown browser on Unknown system' }),
    ).toBeInTheDocument();

    expect(within(pending).getByText('Waiting for the sign-in code')).toBeInTheDocument();
    expect(within(pending).getByText('Last active 2 minutes ago')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Sign out Firefox 128 on Windows 10' })).toBeInTheDocument();
    expect(screen.queryByTestId('devices-empty')).not.toBeInTheDocument();
  });

  it('asks before signing a device out; Cancel and Escape change nothing', async () => {
    const user = userEvent.setup();
    renderDevices();
    const chrome = await item('Chrome 120');
    const signOut = within(chrome).getByRole('button', { name: `Sign out ${CHROME}` });

    await user.click(signOut);
    const question = within(chrome).getByRole('group', { name: /^Sign out Chrome 120 on macOS 10.15\?/ });
    expect(within(question).getByRole('button', { name: 'Yes, sign out' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(chrome).queryByRole('group')).not.toBeInTheDocument();
    expect(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(within(chrome).getByRole('group')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(chrome).queryByRole('group')).not.toBeInTheDocument();
    expect(requestLog.filter((line) => line.startsWith('DELETE'))).toEqual([]);
  });

  it('signs another device out: loading state, then the list refreshes and a polite notice says so', async () => {
    const deleting = gate();
    server.use(
      http.delete(deletePath, async () => {
        await deleting.opened;
        return undefined; // on to devicesApi's handler
      }),
      ...devicesApi(),
    );
    const user = userEvent.setup();
    renderDevices();
    const chrome = await item('Chrome 120');
    await user.click(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` }));
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));

    const confirm = within(chrome).getByRole('button', { name: 'Yes, sign out' });
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    expect(confirm).toBeDisabled();
    expect(within(chrome).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    deleting.open();
    const notice = screen.getByTestId('devices-notice');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(notice).toHaveTextContent(`${CHROME} was signed out.`));
    expect(requestLog).toContain(`DELETE ${deletePath.replace(':id', 'sess-2')}`);
    expect(listCalls()).toBe(2);
    expect(screen.getAllByTestId('device-item')).toHaveLength(3);
    expect(screen.queryByText('Chrome 120')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toHaveFocus();
  });

  it('a device already gone (404): the list refreshes and the notice says it was already signed out', async () => {
    let devices: Device[] = defaultDevices();
    server.use(
      http.get(listPath, ({ request }) => {
        requestLog.push(`GET ${new URL(request.url).pathname}`);
        return HttpResponse.json({ devices });
      }),
      http.delete(deletePath, () => {
        devices = devices.filter((d) => d.id !== 'sess-2');
        return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderDevices();
    const chrome = await item('Chrome 120');
    await user.click(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` }));
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));
    await waitFor(() =>
      expect(screen.getByTestId('devices-notice')).toHaveTextContent(`${CHROME} was already signed out.`),
    );
    expect(listCalls()).toBe(2);
    expect(screen.queryByText('Chrome 120')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure next to the device and keeps it listed', async () => {
    server.use(http.delete(deletePath, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    const user = userEvent.setup();
    renderDevices();
    const chrome = await item('Chrome 120');
    await user.click(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` }));
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));

    const message = 'We couldn’t sign out this device. Please try again.';
    expect(await within(chrome).findByRole('alert')).toHaveTextContent(message);
    const signOut = within(chrome).getByRole('button', { name: `Sign out ${CHROME}` });
    expect(signOut).toHaveFocus();
    expect(signOut).toHaveAccessibleDescription(message);
    expect(screen.getAllByTestId('device-item')).toHaveLength(4);
    expect(screen.getByTestId('devices-notice')).toBeEmptyDOMElement();
    expect(listCalls()).toBe(1);
  });

  it('says so when the api refuses because it is the device in use (409)', async () => {
    server.use(
      http.delete(deletePath, () =>
        HttpResponse.json({ message: 'This is the device you are using.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderDevices();
    const chrome = await item('Chrome 120');
    await user.click(within(chrome).getByRole('button', { name: `Sign out ${CHROME}` }));
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));
    expect(await within(chrome).findByRole('alert')).toHaveTextContent('This is the device you’re using.');
  });

  it('shows a labelled spinner while loading', async () => {
    const loading = gate();
    server.use(
      http.get(listPath, async () => {
        await loading.opened;
        return HttpResponse.json({ devices: defaultDevices() });
      }),
    );
    renderDevices();
    expect(await screen.findByRole('status', { name: 'Loading your devices' })).toBeInTheDocument();
    loading.open();
    expect(await screen.findAllByTestId('device-item')).toHaveLength(4);
    expect(screen.queryByRole('status', { name: 'Loading your devices' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    server.use(
      http.get(listPath, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ devices: defaultDevices() }),
      ),
    );
    const user = userEvent.setup();
    renderDevices();
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your devices.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('device-item')).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says no other device is signed in when the current one is alone', async () => {
    server.use(...devicesApi([currentDevice()]));
    renderDevices();
    expect(await screen.findByTestId('devices-empty')).toHaveTextContent(
      'No other devices are signed in to your account.',
    );
    expect(screen.getAllByTestId('device-item')).toHaveLength(1);
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sign out .+/ })).not.toBeInTheDocument();
  });

  it('owes no code for a session without an MFA method (a customer whose email is not verified yet)', async () => {
    server.use(
      ...devicesApi([currentDevice(), buildDevice({ id: 'sess-5', is_mfa_completed: false, mfa_method: null })]),
    );
    renderDevices();
    const items = await screen.findAllByTestId('device-item');
    expect(items).toHaveLength(2);
    expect(screen.queryByText('Waiting for the sign-in code')).not.toBeInTheDocument();
  });

  it('refetches when the window regains focus', async () => {
    renderDevices();
    await screen.findAllByTestId('device-item');
    expect(listCalls()).toBe(1);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(listCalls()).toBe(2));
    focusManager.setFocused(undefined);
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    renderDevices();
    expect(await screen.findByRole('heading', { level: 1, name: 'Appareils' })).toBeInTheDocument();
    const chrome = await item('Chrome 120');
    expect(within(chrome).getByText('Dernière activité : il y a 5 minutes')).toBeInTheDocument();
    expect(within(chrome).getByRole('button', { name: 'Déconnecter Chrome 120 sur macOS 10.15' })).toBeInTheDocument();
    expect(screen.getByText('Cet appareil')).toBeInTheDocument();
    expect(screen.getByText('Navigateur inconnu')).toBeInTheDocument();
  });

  it('is reached from the settings screen', async () => {
    const user = userEvent.setup();
    const view = renderDevices('/settings');
    await user.click(await screen.findByRole('link', { name: 'Devices' }));
    await waitFor(() => expect(view.pathname()).toBe('/devices'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
  });
});
