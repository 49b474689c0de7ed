/** A transfer's short reference, as the gateway's description shows it ("5E0C1D2A"). */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** Statuses after a successful payment. */
export const PAID_STATUSES = ['paid', 'processing', 'completed'] as const;
/** Statuses that can no longer be paid. */
export const CLOSED_STATUSES = ['cancelled', 'expired', 'refunded', 'returned'] as const;
