import { DevicesScreen } from '@/features/devices';

/** Route module of devices (docs/product/screens.md#routes), loaded on demand with its texts (routes.tsx). */
export function Component() {
  return <DevicesScreen />;
}
