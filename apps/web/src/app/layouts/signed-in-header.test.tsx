import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { MENU_PANEL_ID } from './signed-in-header';

// jsdom applies no CSS: both the phone's menu and the desktop's row are in the tree; what the
// breakpoints show and hide is checked in e2e/phone-layout.spec.ts.
async function renderDashboard() {
  const view = renderSignedIn('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  const panel = document.getElementById(MENU_PANEL_ID)!;
  return { ...view, menuButton, panel };
}

describe('signed-in navigation', () => {
  it('is a labelled landmark whose current page is marked', async () => {
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Transactions', 'Recipients', 'Limits', 'Scheduled', 'Settings']) {
      expect(within(nav).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
  });

  it('the menu button discloses the panel holding the navigation and sign-out', async () => {
    const user = userEvent.setup();
    const { menuButton, panel } = await renderDashboard();
    expect(menuButton).toHaveAttribute('aria-controls', MENU_PANEL_ID);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('hidden');
    expect(within(panel).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('hidden');
  });

  it('Escape closes the menu and puts focus back on its button', async () => {
    const user = userEvent.setup();
    const { menuButton, panel } = await renderDashboard();
    await user.click(menuButton);
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('following a link closes the menu and focuses the new page’s heading', async () => {
    const user = userEvent.setup();
    const view = await renderDashboard();
    await user.click(view.menuButton);
    await user.click(within(view.panel).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(view.pathname()).toBe('/settings'));
    expect(view.menuButton).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toHaveFocus());
    expect(within(view.panel).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('signs out from the menu', async () => {
    const user = userEvent.setup();
    const view = await renderDashboard();
    await user.click(view.menuButton);
    await user.click(within(view.panel).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(requestLog).toContain('POST /client/v1/logout');
  });

  it('speaks French, and axe finds nothing with the menu open', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('fr');
    try {
      const view = renderSignedIn('/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const nav = screen.getByRole('navigation', { name: 'Principal' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Tableau de bord', 'Transactions', 'Bénéficiaires', 'Plafonds', 'Programmés', 'Paramètres']);
      expect(screen.getAllByRole('button', { name: 'Se déconnecter' })).toHaveLength(2);
      expect(await axeViolations(view.container)).toEqual([]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
