import { loadApi } from '@/lib/api-loader';

/** Seed §6: GET /sanctum/csrf-cookie sets XSRF-TOKEN; it precedes every sign-up and sign-in. */
export async function getCsrfCookie(): Promise<void> {
  const { http, contract } = await loadApi();
  await http.get(contract.authEndpoints.csrfCookie.path);
}
