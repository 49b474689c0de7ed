/**
 * The api layer (http client, contract schemas with zod, error mapping) is loaded on the first
 * request rather than with the sign-in page: it keeps the initial JavaScript of '/' small.
 * Everything here is imported as types only; the values arrive through loadApi().
 */
import type * as Contract from '@remit/contract';
import type * as ApiErrors from './api-errors';
import type * as Http from './http';

export interface ApiModules {
  http: typeof Http.http;
  contract: typeof Contract;
  /** For the sign-in page, which must not import lib/api-errors (and the contract) with its bundle. */
  readApiError: typeof ApiErrors.readApiError;
}

let loading: Promise<ApiModules> | null = null;

export function loadApi(): Promise<ApiModules> {
  loading ??= Promise.all([import('./http'), import('@remit/contract'), import('./api-errors')]).then(
    ([http, contract, errors]) => ({ http: http.http, contract, readApiError: errors.readApiError }),
    (error: unknown) => {
      loading = null; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return loading;
}
