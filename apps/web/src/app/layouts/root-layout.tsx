import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { progressDone, progressStart } from '@/lib/progress';
import { useFocusHeadingOnNavigation } from '../route-focus';
import { resolveTitleKey } from '../title';

/**
 * On each navigation the progress bar runs, the title is set from the route
 * (docs/product/screens.md#loading-and-progress-bar) and focus moves to the new page's heading.
 */
function useNavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!navigating) return;
    progressStart();
    return () => progressDone();
  }, [navigating]);
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const titleKey = resolveTitleKey(useMatches());
  const title = t(titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RootLayout() {
  useNavigationProgress();
  useDocumentTitle();
  useFocusHeadingOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
