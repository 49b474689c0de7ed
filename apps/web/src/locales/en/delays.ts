/**
 * Expected arrival and delays of a transfer (docs/product/expected-times.md), under the `delays`
 * key: the transaction page, the transfer lists and the tracking page (English, complete).
 */
const delays = {
  expectedBy: 'Expected by {{date}}',
  arrived: 'Arrived {{date}}',
  late: 'Late',
  heading: 'This transfer is late',
  newDate: 'New expected arrival: {{date}}',
  listLate: 'Late: now expected by {{date}}',
  reason: {
    payment_not_received: 'The payment hasn’t reached us yet.',
    payout_slow: 'The payout is taking longer than usual.',
    payout_partner_holiday: 'The recipient’s bank is closed for a public holiday.',
  },
} as const;

export default delays;
