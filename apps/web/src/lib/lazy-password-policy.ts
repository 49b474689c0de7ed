import type { PasswordPolicy } from '@remit/contract';
import { useEffect, useState } from 'react';
import type * as PasswordPolicyModule from './password-policy';

type PolicyModule = typeof PasswordPolicyModule;

/** Set once lib/password-policy (and TanStack Query with it) has loaded. */
let policyModule: PolicyModule | undefined;

function loadPolicyModule(): Promise<PolicyModule> {
  return import('./password-policy').then((module) => (policyModule = module));
}

export interface LazyPasswordPolicy {
  isPending: boolean;
  data: PasswordPolicy | undefined;
}

/**
 * usePasswordPolicy() for sign-up, which has no QueryClientProvider (TanStack Query is not in its
 * bundle, docs/decisions/0003-entry-bundle.md): it loads lib/password-policy on mount and reads the
 * same query of the app's client, so the policy is still fetched once and cached (docs/product/api.md#auth-calls) and
 * shared with the reset and change-password screens. A failure is only logged (docs/product/api.md#error-catalogue).
 */
export function useLazyPasswordPolicy(): LazyPasswordPolicy {
  const [state, setState] = useState<LazyPasswordPolicy>(() => {
    const data = policyModule?.cachedPasswordPolicy();
    return { isPending: !data, data };
  });

  useEffect(() => {
    let live = true;
    loadPolicyModule()
      .then((module) => module.fetchPasswordPolicy())
      .then(
        (data) => {
          if (live) setState({ isPending: false, data });
        },
        (error: unknown) => {
          if (!live) return;
          console.error('Could not load the password policy', error);
          setState({ isPending: false, data: undefined });
        },
      );
    return () => {
      live = false;
    };
  }, []);

  return state;
}
