import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe as every e2e scan runs it: its default rules, plus label-content-name-mismatch (WCAG 2.5.3
 * "Label in Name": what a control shows is part of its accessible name), which axe ships switched off.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
}
