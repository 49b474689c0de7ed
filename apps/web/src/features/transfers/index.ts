/**
 * The transfers feature's public face (docs/ARCHITECTURE.md "The web app"): one transfer from the
 * calculator to its tracking page. Other features and the app import only what is listed here
 * (ESLint refuses a path into this folder from outside it).
 */
// The calculator (the dashboard shows it) and the recent transfers under it.
export { QuoteCalculator } from './components/calculator/quote-calculator';
export { DESTINATION_STORAGE_KEY } from './lib/defaults';
export { TransferList } from './components/transactions/transfer-list';
// The transfers the customer made: read by the dashboard, the recipient page and the list.
export {
  transactionListQueryOptions,
  transactionQueryOptions,
  transactionsQueryKey,
  useTransactionList,
} from './api/transactions';
// One screen per route.
export { TransferWizard } from './components/wizard/transfer-wizard';
export { PaymentScreen } from './components/payment/payment-screen';
export { PaymentCallbackScreen } from './components/payment/payment-callback-screen';
export { TransactionsScreen } from './components/transactions/transactions-screen';
export { useTransferFilters } from './lib/filters';
export { TransactionScreen } from './components/transactions/transaction-screen';
export { TrackingScreen } from './components/tracking/tracking-screen';
