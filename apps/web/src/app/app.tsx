import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
}

/** TanStack Query is provided by the lazy routes that use it (layouts/query-layout.tsx), not here. */
export function App({ router }: AppProps) {
  return <RouterProvider router={router} />;
}
