import { SettingsScreen } from '@/features/security/components/settings-screen';

/** Route module of settings (seed §2), loaded on demand. */
export function Component() {
  return <SettingsScreen />;
}
