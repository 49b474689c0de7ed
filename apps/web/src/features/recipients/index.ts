/**
 * The recipients feature's public face: what other features and the app may use. Everything else in
 * this folder is private to it (ESLint: features import each other only through their index.ts).
 */
export { getRecipient, recipientsQueryKey } from './api/recipients';
export { useAllRecipients, matchesDestination, type RecipientDestination } from './hooks/use-all-recipients';
export { RecipientForm } from './components/recipient-form';
export { RecipientScreen } from './components/recipient-screen';
export { RecipientsScreen } from './components/recipients-screen';
