import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { resolveTitleKey } from './title';

describe('route titles', () => {
  it('takes the deepest matched title, else the default', () => {
    expect(resolveTitleKey([{ handle: undefined }, { handle: { titleKey: 'titles.signIn' } }])).toBe('titles.signIn');
    expect(
      resolveTitleKey([{ handle: { titleKey: 'titles.signIn' } }, { handle: { titleKey: 'titles.transferWizard' } }]),
    ).toBe('titles.transferWizard');
    expect(resolveTitleKey([{ handle: {} }, { handle: undefined }])).toBe('titles.default');
    expect(resolveTitleKey([])).toBe('titles.default');
  });

  it.each([
    ['/', 'Sign in'],
    ['/sign-up', 'Default Title'],
    ['/workflow/onboarding', 'Complete Signup'],
    ['/transfer/q-1', 'Send Money'],
    ['/payment/cb/t-1', 'Processing Payment'],
    ['/dashboard', 'Default Title'],
    ['/limits', 'Your limits'],
    ['/nowhere', 'Default Title'],
  ])('sets document.title on %s to %s', async (path, title) => {
    document.title = '';
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('lazy routes render their shell inside the app layout', async () => {
    renderRoute('/transfer/q-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send Money' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('shows a 404 page for unknown paths', async () => {
    renderRoute('/does/not/exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
