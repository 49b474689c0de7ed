import { authEndpoints, MFA_REQUIRED, STEP_UP_REQUIRED } from '@remit/contract';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { createHttpClient, type HttpError, type HttpResponse, type RequestConfig } from './http-client';
import { currentPathname, navigateTo, notifyUnauthorized } from './navigation';
import { progressDone, progressReset, progressStart } from './progress';
import { currentSocketId } from './socket-id';
import {
  hasStepUpHandler,
  markStepUpCancelled,
  requestStepUp,
  stepUpClock,
  type StepUpChallenge,
} from './step-up-bridge';

export { registerNavigate, registerUnauthorizedHandler } from './navigation';

/**
 * A request sent again after a 419 or after a step-up carries its mark (copied into the new
 * config); `sentAt` is when it left (stepUpClock), to know whether a step-up came after it.
 */
type MaybeResent = RequestConfig & {
  resentAfter419?: boolean;
  resentAfterStepUp?: boolean;
  sentAt?: number;
};

/** The one HTTP client of the app, with its global setup (docs/product/api.md#http-client). */
export const http = createHttpClient(
  {
    baseURL: config.apiBaseUrl,
    withCredentials: true,
    withXSRFToken: true,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    timeout: 0,
    headers: {
      Accept: 'application/json',
      'ngrok-skip-browser-warning': 'true',
    },
  },
  { request: beforeSend, response: () => progressDone(), error: afterError },
);

/** Reads `code` of a MessageBody without parsing the whole body. */
function hasCode(data: unknown, code: string): boolean {
  return typeof data === 'object' && data !== null && (data as { code?: unknown }).code === code;
}

/** The factors and scope of a 403 step_up_required (read structurally; unknown factors dropped later). */
function challengeOf(data: unknown): StepUpChallenge {
  const { factors, scope } = data as { factors?: unknown; scope?: unknown };
  return {
    factors: Array.isArray(factors) ? factors.filter((f): f is string => typeof f === 'string') : [],
    ...(typeof scope === 'string' ? { scope } : {}),
  };
}

/** Before every send: the progress bar, the send time, this tab's socket id. */
function beforeSend(request: RequestConfig): RequestConfig {
  progressStart();
  const socketId = currentSocketId();
  const sent: MaybeResent = {
    ...request,
    sentAt: stepUpClock(),
    ...(socketId ? { headers: { ...request.headers, 'X-Socket-ID': socketId } } : {}),
  };
  return sent;
}

/** After a failed send: the 419, step-up, 401 and MFA rules; the outcome of the call. */
function afterError(error: HttpError): Promise<HttpResponse> {
  progressDone();
  const config = error.config as MaybeResent | undefined;
  if (error.response?.status === 419 && config && !config.resentAfter419) {
    // The anti-forgery token belongs to its session (docs/product/auth-and-sessions.md#csrf); the
    // cookie may hold one of an older session (a guest session that expired). A 419 changed
    // nothing: fetch the current session's token and send the request once more, only once.
    const again: MaybeResent = { ...config, resentAfter419: true };
    return http.get(authEndpoints.csrfCookie.path).then(() => http.request(again));
  }
  if (
    error.response?.status === 403 &&
    hasCode(error.response.data, STEP_UP_REQUIRED) &&
    config &&
    !config.resentAfterStepUp &&
    hasStepUpHandler()
  ) {
    // One step-up for every sensitive action (docs/product/auth-and-sessions.md#step-up): the
    // dialog asks the customer (one dialog for calls that need it at once), then the same request
    // goes once more with the same config (so the same Idempotency-Key). Cancelled: the original
    // error, marked so that screens show nothing for it. Without the dialog (outside the signed-in
    // screens) the 403 goes to the caller as it is.
    const again: MaybeResent = { ...config, resentAfterStepUp: true };
    return requestStepUp(challengeOf(error.response.data), config.sentAt ?? 0).then(
      () => http.request(again),
      () => Promise.reject(markStepUpCancelled(error)),
    );
  }
  if (error.response?.status === 401) {
    // The 401 rule (docs/product/auth-and-sessions.md#the-401-rule): stop the progress bar, go to
    // signIn, and still pass the error on.
    progressReset();
    notifyUnauthorized();
    // Already on sign-in (e.g. /?referer=change-password): stay, keeping its notice.
    if (currentPathname() !== paths.signIn.path) navigateTo(paths.signIn.getHref());
  } else if (error.response?.status === 403 && hasCode(error.response.data, MFA_REQUIRED)) {
    // Until MFA succeeds the session reaches only the MFA paths
    // (docs/product/auth-and-sessions.md#mfa); go finish it.
    progressReset();
    navigateTo(paths.multiFactorAuth.getHref());
  }
  return Promise.reject(error);
}
