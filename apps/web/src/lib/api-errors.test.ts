import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { toApiError } from './api-errors';

function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, { status, data, statusText: '', headers: {}, config });
}

describe('toApiError', () => {
  it('keeps the first message of each field of a 422', () => {
    const e = toApiError(
      axiosError(422, { message: 'Invalid', errors: { email: ['Taken', 'Other'], password: ['Weak'] } }),
    );
    expect(e).toEqual({ status: 422, message: 'Invalid', fieldErrors: { email: 'Taken', password: 'Weak' } });
  });

  it('reads the message of other errors', () => {
    expect(toApiError(axiosError(429, { message: 'Slow down' }))).toEqual({
      status: 429,
      message: 'Slow down',
      fieldErrors: {},
    });
  });

  it('copes with non-http errors', () => {
    expect(toApiError(new Error('boom'))).toEqual({ status: null, message: null, fieldErrors: {} });
  });
});
