import { Session, type Device } from '@remit/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDevice, currentDevice, devicesApi } from '@/testing/devices-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { DeviceItem } from './device-item';

/** A device as the api sends it once a passkey signed it in (docs/product/auth-and-sessions.md#passkeys). */
const withPasskey = (device: Device, name: string | null) => ({ ...device, passkey_name: name }) as Device;

describe('the passkey that signed a device in', () => {
  it('names it under the device, and says nothing without one', () => {
    const { rerender } = render(
      <ul>
        <DeviceItem device={withPasskey(currentDevice(), 'Laptop')} now={Date.now()} onSignedOut={() => undefined} />
      </ul>,
    );
    expect(screen.getByTestId('device-passkey')).toHaveTextContent('Signed in with passkey “Laptop”');
    rerender(
      <ul>
        <DeviceItem device={withPasskey(currentDevice(), null)} now={Date.now()} onSignedOut={() => undefined} />
      </ul>,
    );
    expect(screen.queryByTestId('device-passkey')).not.toBeInTheDocument();
  });

  // Runs once the contract's Session carries `passkey_name` (until then the list's parse drops it).
  it.skipIf(!('passkey_name' in Session.shape))('shows it in the devices list', async () => {
    server.use(...devicesApi([currentDevice(), withPasskey(buildDevice(), 'Work phone')]));
    renderSignedIn('/devices');
    const items = await screen.findAllByTestId('device-item');
    expect(within(items[1]!).getByText('Signed in with passkey “Work phone”')).toBeInTheDocument();
    expect(within(items[0]!).queryByTestId('device-passkey')).not.toBeInTheDocument();
  });
});
