/** One visible focus ring for every interactive element. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** What Tab reaches inside `root`, in document order (a list selector does not promise that order everywhere). */
export function focusables(root: HTMLElement | null): HTMLElement[] {
  return [...(root?.querySelectorAll<HTMLElement>('*') ?? [])].filter((el) => el.matches(FOCUSABLE));
}

/**
 * A modal dialog's Tab and Shift+Tab: from its last control back to its first and the other way
 * round, so that focus never leaves the dialog (also when it was outside, e.g. on the page behind).
 */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  root: HTMLElement | null,
) {
  if (event.key !== 'Tab') return;
  const items = focusables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && (document.activeElement === first || !root?.contains(document.activeElement))) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
