import { authEndpoints, MFA_REQUIRED } from '@remit/contract';
import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { currentPathname, navigateTo, notifyUnauthorized } from './navigation';
import { progressDone, progressReset, progressStart } from './progress';
import { currentSocketId } from './socket-id';

export { registerNavigate, registerUnauthorizedHandler } from './navigation';

/** The one HTTP client of the app, with its global setup (docs/product/api.md#http-client). */
export const http = axios.create({
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
});

/** A request sent again after a 419 carries this mark (axios copies it into the new config). */
type MaybeResent = InternalAxiosRequestConfig & { resentAfter419?: boolean };

/** Reads `code` of a MessageBody without parsing the whole body. */
function hasCode(data: unknown, code: string): boolean {
  return typeof data === 'object' && data !== null && (data as { code?: unknown }).code === code;
}

http.interceptors.request.use(
  (request: InternalAxiosRequestConfig) => {
    progressStart();
    const socketId = currentSocketId();
    if (socketId) request.headers.set('X-Socket-ID', socketId);
    return request;
  },
  (error: unknown) => {
    progressDone();
    return Promise.reject(error);
  },
);

http.interceptors.response.use(
  (response) => {
    progressDone();
    return response;
  },
  (error: AxiosError) => {
    progressDone();
    const config = error.config as MaybeResent | undefined;
    if (error.response?.status === 419 && config && !config.resentAfter419) {
      // The anti-forgery token belongs to its session (docs/product/auth-and-sessions.md#csrf); the
      // cookie may hold one of an older session (a guest session that expired). A 419 changed
      // nothing: fetch the current session's token and send the request once more, only once.
      const again: MaybeResent = { ...config, resentAfter419: true };
      return http.get(authEndpoints.csrfCookie.path).then(() => http.request(again));
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
  },
);
