import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildQuote, hansMueller } from '@/testing/transfer-fixtures';
import { transferApi } from '@/testing/transfer-handlers';

describe('Transfer wizard: axe (docs/product/screens.md#quality-bar)', () => {
  beforeEach(() => sessionStorage.clear());

  it('every step, with a notice and errors', async () => {
    const quote = buildQuote({
      notices: [
        { type: 'info', code: 'rate_date', text: 'Mid-market rate as of 10:00.', link: null, params: {} },
        {
          type: 'warning',
          code: 'verification_needed',
          text: 'Before you can send, finish: ID.',
          link: '/dashboard',
          params: {},
        },
      ],
    });
    server.use(
      ...transferApi({ quotes: [quote] }).handlers,
      ...recipientsApi({ recipients: [hansMueller()] }).handlers,
    );
    const user = userEvent.setup();
    const { container } = renderSignedIn(`/transfer/${quote.id}`);
    await screen.findByRole('heading', { name: 'How much?' }, { timeout: 5000 });
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Hans Müller/ }));
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add a new recipient' }));
    await screen.findByRole('textbox', { name: 'Full name' });
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reference (optional)' }), 'Rent #1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/Use only letters/);
    expect(await axeViolations(container)).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Reference (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check and confirm' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
