import { SettingsScreen } from '@/features/security';

/** Route module of settings (docs/product/screens.md#routes), loaded on demand. */
export function Component() {
  return <SettingsScreen />;
}
