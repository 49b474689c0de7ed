/**
 * Texts of the limits screen and the dashboard's limits line (docs/product/money-movement.md#limits),
 * under the `limits` key (English, complete).
 */
const limits = {
  intro: 'How much you can send, and which of your transfers count towards it.',
  loading: 'Loading your limits',
  loadError: 'We couldn’t load your limits. Check your connection and try again.',
  sending: {
    heading: 'How much you can send',
    perTransfer: 'Per transfer',
    perTransferHint: 'The most you can send in one transfer.',
    rolling: 'Over 30 days',
    rollingHint: 'The most you can send over any 30 days in a row.',
    progressLabel: '30-day limit used',
    used: '{{used}} used of {{limit}}',
    remaining: '{{remaining}} left to send',
    reached: 'You’ve reached your 30-day limit. It frees up as your transfers stop counting (see What counts).',
  },
  account: {
    heading: 'Your account',
    levelLabel: 'Verification',
    level: {
      verified: 'Verified',
      basic: 'Documents not approved yet',
      unverified: 'Not verified',
    },
    canSend: 'You can send money within these limits.',
    cannotSend: 'You can’t send money yet. These limits apply once your account is verified.',
    missingHeading: 'Finish these to send money',
  },
  counted: {
    heading: 'What counts',
    rule: 'A transfer counts from the moment you confirm it until it can no longer be paid. Transfers not paid yet, and those whose payment was declined, count too, because they can still be paid. Cancelled, expired and refunded transfers don’t count.',
    rolling:
      'The 30 days are rolling: each transfer counts for 30 days after you confirmed it, then its amount is free again.',
    currency:
      'Limits are in British pounds (GBP). A transfer in another currency counts in GBP at the mid-market rate of the day you confirmed it.',
    listLabel: 'Transfers that count',
    empty: 'Nothing counts against your 30-day limit right now.',
    emptyHint: 'Transfers you confirm will show here for 30 days.',
    to: 'To {{name}}',
    youSend: 'You send {{amount}}',
    countsAs: 'Counts as {{amount}}',
    confirmed: 'Confirmed {{date}}',
    countsUntil: 'Counts until {{date}}',
    why: {
      awaiting_payment: 'Not paid yet: it counts because it can still be paid. Cancel it to free this amount.',
      payment_failed:
        'Payment declined, not paid yet: it counts because it can still be paid. Cancel it to free this amount.',
      payment_processing: 'Payment under way: it counts while we wait for your payment.',
      paid: 'Paid',
      processing: 'Paid',
      completed: 'Paid',
      returned: 'Paid, then returned by the recipient’s bank: it counts until the money is refunded to you.',
      cancelled: 'Cancelled: it no longer counts.',
      expired: 'Not paid in time: it no longer counts.',
      refunded: 'Refunded: it no longer counts.',
    },
  },
  summary: {
    used: 'Limits: {{used}} of {{limit}} used',
    link: 'Your limits',
  },
} as const;

export default limits;
