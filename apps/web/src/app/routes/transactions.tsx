import { ComingSoon } from '../components/coming-soon';

/** Route module of transactions (seed §2), loaded on demand. The screen itself comes with a later issue. */
export function Component() {
  return <ComingSoon screen="transactions" />;
}
