import { NotFoundPage } from '../components/not-found-page';

/** Any path docs/product/screens.md#routes does not name. */
export function Component() {
  return <NotFoundPage />;
}
