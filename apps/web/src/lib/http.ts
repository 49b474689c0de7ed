import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { navigateTo, notifyUnauthorized } from './navigation';
import { progressDone, progressReset, progressStart } from './progress';

export { registerNavigate, registerUnauthorizedHandler } from './navigation';

/** Seed §7 global setup: the one HTTP client of the app. */
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

http.interceptors.request.use(
  (request: InternalAxiosRequestConfig) => {
    progressStart();
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
    if (error.response?.status === 401) {
      // Seed §4/§8: stop the progress bar, go to signIn, and still pass the error on.
      progressReset();
      notifyUnauthorized();
      navigateTo(paths.signIn.getHref());
    }
    return Promise.reject(error);
  },
);
