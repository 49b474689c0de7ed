import { loadApi } from '@/lib/api-loader';

/** GET /sanctum/csrf-cookie: precedes the signed-out calls of this feature (forgot and reset password). */
export async function getCsrfCookie(): Promise<void> {
  const { http, contract } = await loadApi();
  await http.get(contract.authEndpoints.csrfCookie.path);
}
