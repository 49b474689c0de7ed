import { TransactionsScreen, useTransferFilters, useTransactionList } from '@/features/transfers';

/**
 * Route module of transactions (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): the filters come from the address, the list from the transfer feature's query.
 */
export function Component() {
  const filters = useTransferFilters();
  const list = useTransactionList(filters);
  return <TransactionsScreen query={list} />;
}
