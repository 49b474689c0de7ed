import {
  isCategoryInformationRequired,
  type AttributeCategory,
  type Customer,
  type MessageBody,
  type MfaMethod,
} from '@remit/contract';
import { paths } from '@/config/paths';

/**
 * The mailed link carries base64url(token)
 * (docs/product/auth-and-sessions.md#forgot-and-reset-password). Decodes base64url and plain
 * base64, with or without padding. Answers null for anything that is not valid base64 of UTF-8
 * text.
 */
export function decodeResetToken(raw: string | undefined): string | null {
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!b64 || !/^[A-Za-z0-9+/]+$/.test(b64) || b64.length % 4 === 1) return null;
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // A real token is printable text; control characters mean garbage was decoded.
    if (!text || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
    return text;
  } catch {
    return null;
  }
}

/** j•••@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email[0]}•••${email.slice(at)}`;
}

const ONBOARDING_CATEGORIES: AttributeCategory[] = ['identity', 'address', 'employment'];

/** After MFA: onboarding while the customer's information is incomplete, else the dashboard. */
export function homeRouteFor(customer: Customer): string {
  const incomplete = !customer.country || ONBOARDING_CATEGORIES.some((c) => isCategoryInformationRequired(customer, c));
  return incomplete ? paths.onboardingWorkflow.getHref() : paths.dashboard.getHref();
}

/** The MessageBody of an error answer, read structurally (without loading the api error helpers). */
function errorBody(error: unknown): Partial<MessageBody> | undefined {
  if (error && typeof error === 'object' && 'response' in error) {
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data && typeof data === 'object') return data as Partial<MessageBody>;
  }
  return undefined;
}

/** The `code` of a MessageBody error answer (e.g. step_up_required). */
export function errorCode(error: unknown): string | undefined {
  const code = errorBody(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The method a 403 mfa_required names (the session waits for a mailed code or the authenticator app). */
export function errorMfaMethod(error: unknown): MfaMethod | undefined {
  const method = errorBody(error)?.mfa_method;
  return method === 'email' || method === 'totp' ? method : undefined;
}
