import { MessageBody, ValidationErrorBody } from '@remit/contract';
import { isAxiosError } from 'axios';

export interface ApiError {
  /** HTTP status, or null when no response arrived (network error, parse failure). */
  status: number | null;
  /** The server's message when it sent one. */
  message: string | null;
  /** Seed §5: the first message of each field of a 422 answer. */
  fieldErrors: Record<string, string>;
  /** The machine-readable `code` of a MessageBody answer (e.g. password_confirmation_required). */
  code?: string | undefined;
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
  if (!body.success) return { status, message: null, fieldErrors: {} };
  return { status, message: body.data.message, fieldErrors: {}, ...(body.data.code ? { code: body.data.code } : {}) };
}
