import {
  authEndpoints,
  type Customer,
  type MessageBody,
  type PasswordPolicy,
  type SignInRequest,
  type SignUpRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { buildCustomer, passwordPolicy } from './fixtures';

/** Every request the handlers saw, in order (method and path), to assert call order. */
export const requestLog: string[] = [];

export function logRequest(request: Request): void {
  requestLog.push(`${request.method} ${new URL(request.url).pathname}`);
}

/** Default happy-path handlers, typed by the contract. */
export const handlers = [
  http.get(authEndpoints.csrfCookie.path, ({ request }) => {
    logRequest(request);
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=test-token; Path=/' } });
  }),
  http.get<never, never, PasswordPolicy>(authEndpoints.getPasswordPolicy.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json(passwordPolicy);
  }),
  http.post<never, SignUpRequest, Customer | ValidationErrorBody>(authEndpoints.signUp.path, async ({ request }) => {
    logRequest(request);
    const body = await request.json();
    return HttpResponse.json(buildCustomer({ email: body.email }), { status: 201 });
  }),
  http.post<never, SignInRequest, Customer | ValidationErrorBody | MessageBody>(
    authEndpoints.signIn.path,
    async ({ request }) => {
      logRequest(request);
      const body = await request.json();
      return HttpResponse.json(buildCustomer({ email: body.email }));
    },
  ),
  http.post(authEndpoints.signOut.path, ({ request }) => {
    logRequest(request);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get<never, never, Customer | MessageBody>(authEndpoints.getProfile.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json(buildCustomer());
  }),
];
