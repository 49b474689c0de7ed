import NProgress from 'nprogress';
import { describe, expect, it } from 'vitest';
import { progressActiveCount, progressDone, progressReset, progressStart } from './progress';

describe('progress bar', () => {
  it('is configured per docs/product/api.md (spinner off, trickle 300 ms)', () => {
    expect(NProgress.settings.showSpinner).toBe(false);
    expect(NProgress.settings.trickleSpeed).toBe(300);
  });

  it('renders a decorative bar without the invalid role="bar"', () => {
    progressStart();
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    progressReset();
  });

  it('keeps running until every concurrent piece of work is done', () => {
    progressStart();
    progressStart();
    expect(NProgress.isStarted()).toBe(true);
    progressDone();
    expect(progressActiveCount()).toBe(1);
    progressDone();
    expect(progressActiveCount()).toBe(0);
    progressDone(); // never negative
    expect(progressActiveCount()).toBe(0);
    progressStart();
    progressReset();
    expect(progressActiveCount()).toBe(0);
  });
});
