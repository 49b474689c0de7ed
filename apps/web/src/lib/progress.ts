/**
 * The top progress bar (docs/product/api.md#constants-and-limits: no spinner, trickle every 300 ms),
 * drawn as nprogress draws it, with nprogress's stylesheet (main.tsx, index.css), without its script
 * in the sign-in page's bundle (docs/decisions/0017-bundle-back-to-350.md): it starts at 8%, creeps
 * towards the end while work runs, fills and fades out when the work is done. The bar is decorative
 * (`aria-hidden`; nprogress's own template gave it role="bar", which is not an ARIA role).
 */
export const TRICKLE_MS = 300;
/** How long the bar takes to move, and to fade out once full. */
const SPEED_MS = 200;

let status: number | null = null;
let trickle: ReturnType<typeof setInterval> | undefined;
let root: HTMLElement | null = null;

function render(): HTMLElement {
  if (root?.isConnected) return root;
  root = document.createElement('div');
  root.id = 'nprogress';
  root.innerHTML = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';
  document.body.appendChild(root);
  return root;
}

function set(n: number): void {
  status = n === 1 ? null : Math.min(Math.max(n, 0.08), 1);
  // A request that ends after its page is gone (a test file's teardown) has no bar to draw.
  if (typeof document === 'undefined') return;
  const element = render();
  const bar = element.firstElementChild as HTMLElement;
  element.style.transition = 'none';
  element.style.opacity = '1';
  bar.style.transition = `all ${SPEED_MS}ms ease`;
  bar.style.transform = `translate3d(${(Math.min(Math.max(n, 0.08), 1) - 1) * 100}%,0,0)`;
  if (n === 1) {
    clearInterval(trickle);
    setTimeout(() => {
      if (status !== null) return; // started again meanwhile
      element.style.transition = `all ${SPEED_MS}ms linear`;
      element.style.opacity = '0';
      setTimeout(() => {
        if (status === null) element.remove();
      }, SPEED_MS);
    }, SPEED_MS);
  }
}

/** nprogress's steps: large at first, smaller near the end, never full. */
function inc(): void {
  if (status === null) return;
  const step = status < 0.2 ? 0.1 : status < 0.5 ? 0.04 : status < 0.8 ? 0.02 : status < 0.99 ? 0.005 : 0;
  set(Math.min(status + step, 0.994));
}

function startBar(): void {
  if (status !== null) return;
  set(0);
  clearInterval(trickle);
  trickle = setInterval(inc, TRICKLE_MS);
}

function finishBar(force: boolean): void {
  if (!force && status === null) return;
  set(1);
}

/** Whether the bar is showing work under way. */
export function progressShowing(): boolean {
  return status !== null;
}

let active = 0;

/** Start (or keep running) the top progress bar; every call must be matched by progressDone(). */
export function progressStart(): void {
  active += 1;
  if (active === 1) startBar();
}

/** One piece of work finished; the bar completes when none is left. */
export function progressDone(): void {
  if (active === 0) return;
  active -= 1;
  if (active === 0) finishBar(false);
}

/**
 * Stop the bar at once whatever is still running (a 401 stops the progress bar:
 * docs/product/auth-and-sessions.md#the-401-rule).
 */
export function progressReset(): void {
  active = 0;
  finishBar(true);
}

export function progressActiveCount(): number {
  return active;
}
