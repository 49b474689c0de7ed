import { devicesEndpoints } from '@remit/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { currentDevice, devicesApi } from '@/testing/devices-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

const renderDevices = () => renderSignedIn('/devices');

describe('accessibility of the devices screen (axe)', () => {
  it('the list, the inline confirmation, a failure and the sign-out notice', async () => {
    server.use(...devicesApi());
    const user = userEvent.setup();
    const { container } = renderDevices();
    const items = await screen.findAllByTestId('device-item');
    expect(await axeViolations(container)).toEqual([]);

    const chrome = items[1]!;
    await user.click(within(chrome).getByRole('button', { name: /^Sign out Chrome 120/ }));
    expect(await axeViolations(container)).toEqual([]);

    server.use(
      http.delete(devicesEndpoints.revokeDevice.path, () => new HttpResponse(null, { status: 500 })),
      ...devicesApi(),
    );
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));
    await within(chrome).findByRole('alert');
    expect(await axeViolations(container)).toEqual([]);

    server.resetHandlers();
    server.use(...devicesApi());
    await user.click(within(chrome).getByRole('button', { name: /^Sign out Chrome 120/ }));
    await user.click(within(chrome).getByRole('button', { name: 'Yes, sign out' }));
    await screen.findByText('Chrome 120 on macOS 10.15 was signed out.');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('loading, error and empty states', async () => {
    server.use(http.get(devicesEndpoints.listDevices.path, () => new HttpResponse(null, { status: 500 })));
    const failing = renderDevices();
    expect(await axeViolations(failing.container)).toEqual([]); // loading
    await screen.findByRole('button', { name: 'Try again' });
    expect(await axeViolations(failing.container)).toEqual([]);
    failing.unmount();

    server.use(...devicesApi([currentDevice()]));
    const empty = renderDevices();
    await screen.findByTestId('devices-empty');
    expect(await axeViolations(empty.container)).toEqual([]);
  });
});
