import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildQuote } from '@/testing/transfer-fixtures';
import { transferApi } from '@/testing/transfer-handlers';
import { amountStep, setupWizard as setup } from '@/testing/wizard';

// The first test of a file would otherwise pay for compiling the feature on its own clock.
beforeAll(async () => {
  await import('../../index');
});

describe('Transfer wizard: notices and quotes that cannot be used (docs/product/money-movement.md#transfer-wizard)', () => {
  beforeEach(() => sessionStorage.clear());

  it('stops at a blocked notice, with its link', async () => {
    const quote = buildQuote({
      notices: [
        {
          type: 'blocked',
          code: 'below_corridor_minimum',
          text: 'The least you can send to Kenya is £1.00.',
          link: '/account-verification',
          params: {},
        },
      ],
    });
    setup({ quote, step: 'review' });
    expect(await screen.findByRole('heading', { name: 'How much?' })).toBeInTheDocument();
    const notice = screen.getByTestId('notice-blocked');
    expect(notice).toHaveTextContent('The least you can send to Kenya is £1.00.');
    expect(within(notice).getByRole('link', { name: 'Fix this' })).toHaveAttribute('href', '/account-verification');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
  });

  it('links a limit notice to the limits screen', async () => {
    const quote = buildQuote({
      notices: [
        {
          type: 'blocked',
          code: 'over_30_day_limit',
          text: 'This is over your 30-day limit of £25,000.00.',
          link: '/limits',
          params: {},
        },
      ],
    });
    const { user, pathname } = setup({ quote });
    await amountStep();
    const notice = screen.getByTestId('notice-blocked');
    expect(notice).toHaveTextContent('This is over your 30-day limit of £25,000.00.');
    const link = within(notice).getByRole('link', { name: 'See your limits' });
    expect(link).toHaveAttribute('href', '/limits');
    await user.click(link);
    await waitFor(() => expect(pathname()).toBe('/limits'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your limits' }, { timeout: 5000 })).toBeVisible();
  });

  it('explains a used quote and offers a new one', async () => {
    const quote = buildQuote({ status: 'used' });
    const { user, transfer } = setup({ quote });
    expect(await screen.findByRole('heading', { name: 'This quote was already used' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a new quote' }));
    await waitFor(() => expect(transfer.refreshes).toEqual([quote.id]));
    expect(await screen.findByRole('heading', { name: 'How much?' })).toBeInTheDocument();
  });

  it('says when the quote doesn’t exist', async () => {
    server.use(...transferApi({ quotes: [] }).handlers);
    renderSignedIn('/transfer/unknown');
    expect(await screen.findByRole('heading', { name: 'This quote doesn’t exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
