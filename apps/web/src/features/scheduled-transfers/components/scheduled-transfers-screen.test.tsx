import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { buildRecipient } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import {
  buildSchedule,
  scheduledTransfersApi,
  type ScheduledTransfersApiOptions,
} from '@/testing/scheduled-transfers-handlers';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

function openSchedules(path = '/scheduled-transfers', options: ScheduledTransfersApiOptions = {}) {
  const api = scheduledTransfersApi(options);
  server.use(...api.handlers, ...recipientsApi({ recipients: [buildRecipient()] }).handlers);
  return { api, user: userEvent.setup(), ...renderSignedIn(path) };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Scheduled transfers' }, { timeout: 5000 });

describe('Scheduled transfers screen (docs/product/scheduled-transfers.md)', () => {
  it('shows a loading state, then the empty state with the way to a recipient', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { container } = openSchedules(undefined, {
      listAnswer: async () => {
        await gate;
        return undefined;
      },
    });
    await heading();
    expect(await screen.findByRole('status', { name: 'Loading your scheduled transfers' })).toBeInTheDocument();
    release();
    const empty = await screen.findByTestId('schedules-empty');
    expect(empty).toHaveTextContent('You have no scheduled transfers yet.');
    expect(within(empty).getByRole('link', { name: 'Go to your recipients' })).toHaveAttribute('href', '/recipients');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows an error with a retry that works', async () => {
    let fail = true;
    const { user } = openSchedules(undefined, {
      listAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    const error = await screen.findByTestId('schedules-error', undefined, { timeout: 5000 });
    expect(error).toHaveTextContent('We couldn’t load your scheduled transfers.');
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('schedules-empty')).toBeInTheDocument();
  });

  it('lists each schedule: amount, recipient, how often, next date, status and last run', async () => {
    const { container } = openSchedules(undefined, {
      schedules: [
        buildSchedule({
          last_run: { on: '2029-12-31', transaction_id: '5e0c1d2a-0000-4000-9000-00000000000a', error: null },
        }),
        buildSchedule({
          id: '7a1b2c3d-0000-4000-9000-000000000002',
          recipient_name: 'Hans Müller',
          frequency: 'weekly',
          day: 5,
          source_amount: null,
          target_amount: '50000',
          target_currency: 'EUR',
          status: 'paused',
          last_run: { on: '2030-01-04', transaction_id: null, error: { code: 'limit_exceeded', text: '…' } },
        }),
      ],
    });
    const items = await screen.findAllByTestId('schedule-item', undefined, { timeout: 5000 });
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: '£100.00 to Amina Otieno' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Every month on day 31 (the last day in shorter months)');
    expect(within(first).getByTestId('schedule-next')).toHaveTextContent('Jan 31, 2030');
    expect(within(first).getByTestId('schedule-status')).toHaveTextContent('Active');
    expect(within(first).getByTestId('schedule-last-run')).toHaveTextContent(
      'Dec 31, 2029: transfer set up, waiting for your payment',
    );
    expect(within(first).getByRole('link', { name: 'Open the transfer' })).toHaveAttribute(
      'href',
      '/transaction/5e0c1d2a-0000-4000-9000-00000000000a',
    );
    expect(second).toHaveTextContent('Hans Müller receives €500.00');
    expect(second).toHaveTextContent('Every week on Friday');
    expect(within(second).getByTestId('schedule-status')).toHaveTextContent('Paused');
    expect(within(second).getByTestId('schedule-last-run')).toHaveTextContent(
      'Jan 4, 2030: no transfer. It would have been over your sending limits.',
    );
    expect(within(second).getByRole('button', { name: 'Resume the transfer to Hans Müller' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('pauses, resumes and deletes, saying so', async () => {
    const { api, user } = openSchedules(undefined, { schedules: [buildSchedule()] });
    await user.click(
      await screen.findByRole('button', { name: 'Pause the transfer to Amina Otieno' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('Scheduled transfer paused.')).toBeInTheDocument();
    expect(await screen.findByTestId('schedule-status')).toHaveTextContent('Paused');
    await user.click(screen.getByRole('button', { name: 'Resume the transfer to Amina Otieno' }));
    await waitFor(() => expect(screen.getByTestId('schedule-status')).toHaveTextContent('Active'));
    expect(api.saves.map((s) => s.body)).toEqual([{ status: 'paused' }, { status: 'active' }]);

    await user.click(screen.getByRole('button', { name: 'Delete the transfer to Amina Otieno' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the scheduled transfer to Amina Otieno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('schedules-empty')).toBeInTheDocument();
    expect(screen.getByText('Scheduled transfer deleted.')).toBeInTheDocument();
    expect(api.deletes).toEqual([buildSchedule().id]);
  });

  it('changes the amount to a receive amount; a server message goes under its field', async () => {
    let refuse = true;
    const { api, user } = openSchedules(undefined, {
      schedules: [buildSchedule()],
      saveAnswer: () =>
        refuse
          ? HttpResponse.json(
              { message: 'Choose today or a later date.', errors: { next_run_on: ['Choose today or a later date.'] } },
              { status: 422 },
            )
          : undefined,
    });
    await user.click(
      await screen.findByRole('button', { name: 'Change the transfer to Amina Otieno' }, { timeout: 5000 }),
    );
    const form = screen.getByTestId('schedule-form');
    await user.click(within(form).getByRole('radio', { name: 'Amount they receive' }));
    const amount = within(form).getByRole('textbox', { name: 'Amount (KES)' });
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByText('Choose today or a later date.')).toBeInTheDocument();
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Scheduled transfer saved.')).toBeInTheDocument();
    expect(api.saves.at(-1)?.body).toEqual({
      target_amount: '500000',
      frequency: 'monthly',
      next_run_on: '2030-01-31',
    });
    expect(await screen.findByRole('heading', { name: /^KES\s5,000\.00 to Amina Otieno$/ })).toBeInTheDocument();
  });

  it('refuses an amount that is not one, before asking the api', async () => {
    const { api, user } = openSchedules(undefined, { schedules: [buildSchedule()] });
    await user.click(
      await screen.findByRole('button', { name: 'Change the transfer to Amina Otieno' }, { timeout: 5000 }),
    );
    const amount = screen.getByRole('textbox', { name: 'Amount (GBP)' });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Enter an amount above zero, like 100 or 100.50.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(api.saves).toEqual([]);
  });

  it('opens a new schedule for a recipient with the amount of a past transfer; the step-up is asked first', async () => {
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(...stepUp.handlers);
    const recipient = buildRecipient();
    const { api, user, container } = openSchedules(
      `/scheduled-transfers?recipient=${recipient.id}&amount=2550&currency=GBP`,
      { saveAnswer: () => stepUp.guard() },
    );
    const form = await screen.findByRole('form', { name: 'Schedule a transfer to Amina Otieno' }, { timeout: 5000 });
    expect(within(form).getByRole('textbox', { name: 'Amount (GBP)' })).toHaveValue('25.50');
    expect(await axeViolations(container)).toEqual([]);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Purpose of the transfer' }), 'education');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    expect(await screen.findByText('Scheduled transfer saved.')).toBeInTheDocument();
    expect(api.saves.at(-1)?.body).toMatchObject({
      recipient_id: recipient.id,
      source_currency: 'GBP',
      source_amount: '2550',
      frequency: 'monthly',
      purpose: 'education',
    });
    expect(await screen.findAllByTestId('schedule-item')).toHaveLength(1);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says so when the recipient of a new schedule does not exist', async () => {
    openSchedules('/scheduled-transfers?recipient=0b7c6a52-0000-4000-8000-0000000000ff');
    expect(
      await screen.findByText('This recipient doesn’t exist any more.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
