import { DevicesScreen } from '@/features/devices/components/devices-screen';

/** Route module of devices (seed §2), loaded on demand with its texts (routes.tsx). */
export function Component() {
  return <DevicesScreen />;
}
