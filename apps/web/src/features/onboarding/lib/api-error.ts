import type { ApiError } from '@/lib/api-errors';
import { loadApi } from '@/lib/api-loader';

/** Map a failed call to the app's ApiError, loading the error mapper with the api layer. */
export async function readApiError(error: unknown): Promise<ApiError> {
  try {
    const { toApiError } = await loadApi();
    return toApiError(error);
  } catch {
    return { status: null, message: null, fieldErrors: {} };
  }
}
