/**
 * Texts of the dashboard (its calculator, "Send again", recent transfers) and of the transfer lists
 * shared with the recipient's page (docs/product/money-movement.md), under the `dashboard` key
 * (English, complete).
 */
const dashboard = {
  calculator: {
    heading: 'Send money',
    youSend: 'You send',
    sendCurrency: 'Currency you send',
    recipientGets: 'Recipient gets',
    receiveCurrency: 'Currency they get',
    country: 'Recipient’s country',
    countryPlaceholder: 'Search for a country',
    countryHint: 'Type to search, then use the arrow keys and Enter.',
    noCountry: 'No country matches “{{search}}”.',
    countriesLoading: 'Loading destinations',
    countriesError: 'We couldn’t load where you can send to.',
    method: 'How they get the money',
    methods: {
      bank_account: 'Bank account',
      mobile_wallet: 'Mobile wallet',
      cash_pickup: 'Cash pickup',
    },
    tooManyDecimals: '{{currency}} amounts have at most {{count}} decimals.',
    noDecimals: '{{currency}} amounts have no decimals.',
    invalidAmount: 'Enter an amount like {{example}}.',
    quoting: 'Getting your quote…',
    quoteError: 'We couldn’t get a quote. Please try again.',
    fee: 'Our fee',
    feeTotal: 'Total fees',
    totalToPay: 'Total to pay',
    ourRate: 'Our rate',
    midMarketRate: 'Mid-market rate',
    rateValue: '1 {{source}} = {{rate}} {{target}}',
    delivery: 'Should arrive',
    summary: 'Recipient gets {{amount}}. Fees {{fee}}, total to pay {{total}}.',
    fixIt: 'Fix this',
    continue: 'Continue',
    continueBlocked: 'Change the amount or destination to continue.',
    sendingTo: 'Sending to {{name}}',
    clearRecipient: 'Choose someone else',
  },
  sendAgain: {
    heading: 'Send again',
    to: 'Send again to {{name}}',
  },
  recent: {
    heading: 'Recent transfers',
    viewAll: 'View all transfers',
    emptyHint: 'Use the calculator above to start your first transfer.',
  },
  transfers: {
    toRecipient: 'Transfers to {{name}}',
    empty: 'No transfers yet.',
    loading: 'Loading transfers',
    error: 'We couldn’t load your transfers.',
    loadMore: 'Load more',
    youSent: 'You sent {{amount}}',
    theyGet: 'They get {{amount}}',
    status: {
      awaiting_payment: 'Awaiting payment',
      payment_processing: 'Payment processing',
      paid: 'Paid',
      processing: 'Processing',
      completed: 'Completed',
      cancelled: 'Cancelled',
      payment_failed: 'Payment failed',
      expired: 'Expired',
      returned: 'Returned',
      refunded: 'Refunded',
    },
  },
};

export default dashboard;
