/** An error answer (or no answer) of the http client (lib/http-client.ts), not one of the browser's ceremony. */
export const isApiError = (error: unknown) => (error as { isHttpError?: unknown } | null)?.isHttpError === true;
