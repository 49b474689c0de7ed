import type { ReactNode, Ref } from 'react';

/**
 * A screen's heading (focusable: an action that removes the focused control moves the focus here),
 * its intro, and a polite live region, always present, so that a notice is announced when it arrives.
 */
export function ScreenHeader({
  heading,
  intro,
  notice,
  noticeTestId,
  headingRef,
}: {
  heading: ReactNode;
  intro: ReactNode;
  notice: ReactNode;
  noticeTestId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
      >
        {heading}
      </h1>
      <p className="mt-1.5 text-slate-700">{intro}</p>
      <div aria-live="polite" aria-atomic="true" data-testid={noticeTestId}>
        {notice && (
          <p className="mt-4 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {notice}
          </p>
        )}
      </div>
    </div>
  );
}
