import { config } from '@/config/env';
import { callEndpoint } from '@/lib/call-endpoint';

/** POST /client/v1/transactions/{id}/cancel (docs/product/money-movement.md#transaction-statuses). */
export const cancelTransaction = (id: string) =>
  callEndpoint((contract) => contract.transactionsEndpoints.cancelTransaction, { params: { id } });

/** GET /client/v1/transactions/{id}/receipt: a PDF, same origin, the session cookie authenticates it. */
export const receiptHref = (id: string) =>
  `${config.apiBaseUrl}/client/v1/transactions/${encodeURIComponent(id)}/receipt`;

/** POST /client/v1/transactions/{id}/tracking-link: a new shareable link (the token is shown once). */
export const createTrackingLink = (id: string) =>
  callEndpoint((contract) => contract.trackingEndpoints.createTrackingLink, { params: { id } });

/** DELETE /client/v1/transactions/{id}/tracking-link. */
export const revokeTrackingLink = (id: string) =>
  callEndpoint((contract) => contract.trackingEndpoints.revokeTrackingLink, { params: { id } });

/**
 * POST /client/v1/transactions/{id}/refund: a returned transfer refunded in full
 * (docs/product/money-movement.md#returned).
 */
export const refundTransaction = (id: string) =>
  callEndpoint((contract) => contract.transactionsEndpoints.refundTransaction, { params: { id } });

/** POST /client/v1/transactions/{id}/resend: a returned transfer sent again to corrected details. */
export const resendTransaction = (id: string, recipientId: string) =>
  callEndpoint((contract) => contract.transactionsEndpoints.resendTransaction, {
    params: { id },
    body: { recipient_id: recipientId },
  });
