import { paths, type RouteName } from '@/config/paths';

/**
 * A task's `route` is a route NAME of docs/product/screens.md#routes ('onboardingWorkflow', 'accountVerification'…).
 * Unknown names, and routes that need path parameters we do not have, give no link.
 */
export function taskHref(route: string): string | null {
  if (!Object.hasOwn(paths, route)) return null;
  const target = paths[route as RouteName];
  if (target.path.includes(':')) return null;
  return (target.getHref as () => string)();
}
