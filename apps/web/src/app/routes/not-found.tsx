import { NotFoundPage } from '../components/not-found-page';

/** Any path the seed does not name. */
export function Component() {
  return <NotFoundPage />;
}
