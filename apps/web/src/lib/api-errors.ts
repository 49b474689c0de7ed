import { MessageBody, ValidationErrorBody } from '@remit/contract';
import { isAxiosError } from 'axios';

export interface ApiError {
  /** HTTP status, or null when no response arrived (network error, parse failure). */
  status: number | null;
  /** The server's message when it sent one. */
  message: string | null;
  /** Seed §5: the first message of each field of a 422 answer. */
  fieldErrors: Record<string, string>;
}

export function toApiError(error: unknown): ApiError {
  if (!isAxiosError(error) || !error.response) {
    return { status: null, message: null, fieldErrors: {} };
  }
  const { status, data } = error.response;
  const validation = ValidationErrorBody.safeParse(data);
  if (validation.success) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(validation.data.errors)) {
      const first = messages[0];
      if (first !== undefined) fieldErrors[field] = first;
    }
    return { status, message: validation.data.message, fieldErrors };
  }
  const body = MessageBody.safeParse(data);
  return { status, message: body.success ? body.data.message : null, fieldErrors: {} };
}
