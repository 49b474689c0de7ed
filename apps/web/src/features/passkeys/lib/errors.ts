/** An error answer (or no answer) of the http client (axios), as opposed to one thrown by the browser's ceremony. */
export const isApiError = (error: unknown) => (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;
