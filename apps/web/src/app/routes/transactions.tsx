import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';
import { useTransferFilters } from '@/features/transactions/lib/filters';
import { useTransactionList } from '@/features/transfer/api/transactions';

/**
 * Route module of transactions (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): the filters come from the address, the list from the transfer feature's query.
 */
export function Component() {
  const filters = useTransferFilters();
  const list = useTransactionList(filters);
  return <TransactionsScreen query={list} />;
}
