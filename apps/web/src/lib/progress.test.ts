import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  progressActiveCount,
  progressDone,
  progressReset,
  progressShowing,
  progressStart,
  TRICKLE_MS,
} from './progress';

const bar = () => document.querySelector<HTMLElement>('#nprogress .bar');
const width = () => Number(/translate3d\((-?[\d.]+)%/.exec(bar()?.style.transform ?? '')?.[1]) + 100;

afterEach(() => {
  progressReset();
  vi.useRealTimers();
});

describe('progress bar', () => {
  it('is configured per docs/product/api.md (no spinner, trickle 300 ms)', () => {
    expect(TRICKLE_MS).toBe(300);
    progressStart();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
  });

  it('renders a decorative bar without the invalid role="bar"', () => {
    progressStart();
    expect(bar()).not.toBeNull();
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    expect(document.querySelector('#nprogress [role]')).toBeNull();
  });

  it('starts at 8%, creeps while work runs, fills and goes away when it is done', () => {
    vi.useFakeTimers();
    progressStart();
    expect(width()).toBeCloseTo(8);
    vi.advanceTimersByTime(TRICKLE_MS * 3);
    expect(width()).toBeGreaterThan(8);
    expect(width()).toBeLessThan(100);
    progressDone();
    expect(progressShowing()).toBe(false);
    expect(width()).toBe(100);
    vi.advanceTimersByTime(1000);
    expect(bar()).toBeNull();
  });

  it('keeps running until every concurrent piece of work is done', () => {
    progressStart();
    progressStart();
    expect(progressShowing()).toBe(true);
    progressDone();
    expect(progressActiveCount()).toBe(1);
    expect(progressShowing()).toBe(true);
    progressDone();
    expect(progressActiveCount()).toBe(0);
    expect(progressShowing()).toBe(false);
    progressDone(); // never negative
    expect(progressActiveCount()).toBe(0);
    progressStart();
    progressReset();
    expect(progressActiveCount()).toBe(0);
    expect(progressShowing()).toBe(false);
  });
});
