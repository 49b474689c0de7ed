import { ComingSoon } from '../components/coming-soon';

/**
 * Route module of recipients (docs/product/screens.md#routes), loaded on demand. The screen itself
 * comes with a later issue.
 */
export function Component() {
  return <ComingSoon screen="recipients" />;
}
