import { callEndpoint } from './call-endpoint';

/**
 * GET /sanctum/csrf-cookie sets the XSRF-TOKEN cookie; it precedes every signed-out call that
 * changes something: sign-up, sign-in, forgot and reset password (docs/product/auth-and-sessions.md#csrf).
 */
export function getCsrfCookie(): Promise<void> {
  return callEndpoint((contract) => contract.authEndpoints.csrfCookie);
}
