import { describe, expect, it } from 'vitest';
import { toApiError } from './api-errors';
import { HttpError } from './http-client';

function httpError(status: number, data: unknown) {
  return new HttpError('failed', 'ERR_BAD_REQUEST', { url: '/x' }, { status, data });
}

describe('toApiError', () => {
  it('keeps the first message of each field of a 422', () => {
    const e = toApiError(
      httpError(422, { message: 'Invalid', errors: { email: ['Taken', 'Other'], password: ['Weak'] } }),
    );
    expect(e).toEqual({ status: 422, message: 'Invalid', fieldErrors: { email: 'Taken', password: 'Weak' } });
  });

  it('reads the message of other errors', () => {
    expect(toApiError(httpError(429, { message: 'Slow down' }))).toEqual({
      status: 429,
      message: 'Slow down',
      fieldErrors: {},
    });
  });

  it('reads no answer from an error without one, and from an error that only looks like one', () => {
    expect(toApiError(new HttpError('Network Error', 'ERR_NETWORK', { url: '/x' }))).toEqual({
      status: null,
      message: null,
      fieldErrors: {},
    });
    expect(toApiError({ response: { status: 500, data: {} } })).toEqual({
      status: null,
      message: null,
      fieldErrors: {},
    });
  });

  it('copes with non-http errors', () => {
    expect(toApiError(new Error('boom'))).toEqual({ status: null, message: null, fieldErrors: {} });
  });
});
