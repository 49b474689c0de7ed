import axe from 'axe-core';

/**
 * axe in jsdom: everything but colour contrast (jsdom has no layout; Playwright covers contrast).
 * Returns one line per violation, so `toEqual([])` shows what failed.
 */
export async function axeViolations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
