import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { buildRecipient, hansMueller } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('Recipients screens: axe (docs/product/screens.md)', () => {
  it('the list', async () => {
    server.use(...recipientsApi({ recipients: [buildRecipient(), hansMueller()] }).handlers);
    const { container } = renderSignedIn('/recipients');
    await screen.findAllByTestId('recipient-item');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the empty list', async () => {
    server.use(...recipientsApi().handlers);
    const { container } = renderSignedIn('/recipients');
    await screen.findByTestId('recipients-empty');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the form, with errors shown', async () => {
    server.use(...recipientsApi().handlers);
    const { container } = renderSignedIn('/recipients?add=1');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'United States');
    await screen.findByRole('textbox', { name: 'Routing number (ABA)' });
    await userEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the recipient’s page and its delete dialog', async () => {
    server.use(...recipientsApi({ recipients: [hansMueller()] }).handlers);
    const { container } = renderSignedIn(`/recipient/${hansMueller().id}`);
    await within(await screen.findByTestId('recipient-details')).findByText('IBAN');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await axeViolations(container)).toEqual([]);
  });
});
