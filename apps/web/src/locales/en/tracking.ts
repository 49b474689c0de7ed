/**
 * Texts of the public tracking page `/track/{token}` (docs/product/money-movement.md#tracking), under
 * the `tracking` key (English, complete).
 */
const tracking = {
  heading: 'Track a transfer',
  onItsWay: 'Money on its way to {{name}}',
  loading: 'Loading the transfer',
  error: 'We couldn’t load this transfer. Check your connection and try again.',
  notFoundHeading: 'Link not found',
  notFound: 'This tracking link doesn’t exist or is no longer shared. Ask the sender for a new link.',
  receives: '{{name}} receives',
  estimate: 'Expected delivery',
  status: 'Status',
  steps: 'Progress',
  refreshing: 'This page updates itself every 30 seconds.',
  stepDone: 'Done',
  stepPending: 'Not yet',
  step: {
    confirmed: 'Transfer confirmed',
    paid: 'Payment received',
    processing: 'On its way',
    completed: 'Delivered',
  },
  state: {
    awaiting_payment: 'Waiting for the sender’s payment.',
    payment_processing: 'The sender’s payment is being processed.',
    payment_failed: 'The sender’s payment didn’t go through. They can try again.',
    paid: 'The payment was received. The money will be sent shortly.',
    processing: 'The money is on its way.',
    completed: 'The money was delivered.',
    returned: 'The money came back to us: the sender has been asked to check the details.',
    refunded: 'This transfer was stopped and the sender refunded.',
    cancelled: 'This transfer was cancelled by the sender.',
    expired: 'This transfer expired before it was paid.',
  },
} as const;

export default tracking;
