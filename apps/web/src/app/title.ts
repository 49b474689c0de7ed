import type { TitleKey } from '@/config/paths';

export interface RouteHandle {
  /** i18n key of the route's title (docs/product/screens.md#page-titles). */
  titleKey?: TitleKey;
}

export const DEFAULT_TITLE_KEY = 'titles.default' as const;

function titleKeyOf(handle: unknown): TitleKey | undefined {
  if (handle && typeof handle === 'object' && 'titleKey' in handle) {
    return (handle as RouteHandle).titleKey;
  }
  return undefined;
}

/** The title of the deepest matched route that has one, else 'Default Title' (docs/product/screens.md#page-titles). */
export function resolveTitleKey(matches: readonly { handle: unknown }[]): TitleKey | typeof DEFAULT_TITLE_KEY {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const key = titleKeyOf(matches[i]?.handle);
    if (key) return key;
  }
  return DEFAULT_TITLE_KEY;
}
