import NProgress from 'nprogress';

/**
 * Spinner off, trickle speed 300 ms (docs/product/api.md#constants-and-limits). The bar is
 * decorative: nprogress's default template gives it role="bar", which is not an ARIA role (axe
 * fails any page scanned while it shows), so it is found by class and hidden from assistive
 * technology instead.
 */
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 300,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
  spinnerSelector: '.spinner',
});

let active = 0;

/** Start (or keep running) the top progress bar; every call must be matched by progressDone(). */
export function progressStart(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

/** One piece of work finished; the bar completes when none is left. */
export function progressDone(): void {
  if (active === 0) return;
  active -= 1;
  if (active === 0) NProgress.done();
}

/**
 * Stop the bar at once whatever is still running (a 401 stops the progress bar:
 * docs/product/auth-and-sessions.md#the-401-rule).
 */
export function progressReset(): void {
  active = 0;
  NProgress.done(true);
}

export function progressActiveCount(): number {
  return active;
}
