import { Customer } from '../entities/customer.ts';
import { PasswordPolicy } from '../entities/password-policy.ts';
import { defineEndpoint } from '../common/endpoint.ts';
import { SignInRequest, SignUpRequest } from './schemas.ts';

/** Sets the XSRF-TOKEN cookie (readable) and the HttpOnly session cookie (docs/product/auth-and-sessions.md#csrf). */
export const csrfCookie = defineEndpoint({
  method: 'GET',
  path: '/sanctum/csrf-cookie',
  summary: 'Issue the anti-forgery cookie',
  response: null,
  auth: 'none',
});

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/signup',
  summary: 'Create an account and sign in',
  body: SignUpRequest,
  response: Customer,
  status: 201,
  auth: 'none',
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/client/v1/login',
  summary: 'Sign in with email and password',
  body: SignInRequest,
  response: Customer,
  auth: 'none',
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/client/v1/logout',
  summary: 'End the current session',
  response: null,
  auth: 'none',
});

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/client/v1/profile',
  summary: 'The signed-in customer',
  response: Customer,
  auth: 'session',
});

export const getPasswordPolicy = defineEndpoint({
  method: 'GET',
  path: '/client/v1/password-policy',
  summary: 'The password policy the server enforces',
  response: PasswordPolicy,
  auth: 'none',
});
