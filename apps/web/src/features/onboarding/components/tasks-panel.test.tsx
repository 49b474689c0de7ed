import { authEndpoints, onboardingEndpoints, type Task } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { buildOnboardingCustomer, tasksFor } from '@/testing/onboarding-fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

const task = (code: Task['code'], title: string, status: Task['status'], route = 'onboardingWorkflow'): Task => ({
  code,
  title,
  description: `About ${title}.`,
  status,
  route,
});

function withTasks(tasks: Task[], name: string | null = null) {
  server.use(
    http.get(authEndpoints.getProfile.path, () => HttpResponse.json(buildOnboardingCustomer({ name }))),
    http.get(onboardingEndpoints.listTasks.path, () => HttpResponse.json({ tasks })),
  );
}

async function openDashboard() {
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
  return view;
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('dashboard tasks', () => {
  it('greets by name, else by email', async () => {
    withTasks([], 'Ada');
    await openDashboard();
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Hello, Ada');
  });

  it('lists pending tasks first with working links, completed ones marked', async () => {
    const user = userEvent.setup();
    withTasks([
      task('verify_email', 'Verify your email', 'completed'),
      task('choose_country', 'Choose your country', 'pending'),
      task('account_verification', 'Verify your account', 'pending', 'accountVerification'),
      task('mobile_number', 'Odd route', 'pending', 'noSuchRoute'),
    ]);
    const view = await openDashboard();
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Hello, ada@example.com');
    const list = await screen.findByTestId('task-list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.status)).toEqual(['pending', 'pending', 'pending', 'completed']);
    expect(within(items[3] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    expect(within(items[3] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your account' })).toHaveAttribute('href', '/account-verification');
    // An unknown route name is shown without a link (the task's title comes from the locales by its code).
    expect(screen.getByText('Mobile number')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mobile number' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('tasks-empty')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Choose your country' }));
    await waitFor(() => expect(view.pathname()).toBe('/workflow/onboarding'));
  });

  it('shows each task in the customer’s language, by its code, whatever the api’s English says', async () => {
    withTasks([
      task('choose_country', 'Anything the api says', 'pending'),
      task('account_verification', 'Verify your account', 'completed', 'accountVerification'),
    ]);
    await openDashboard();
    const pending = await screen.findByTestId('task-choose_country');
    expect(within(pending).getByRole('link', { name: 'Choose your country' })).toBeInTheDocument();
    expect(pending).toHaveTextContent('Tell us the country you live in.');
    expect(screen.queryByText('Anything the api says')).not.toBeInTheDocument();
    expect(screen.queryByText('About Anything the api says.')).not.toBeInTheDocument();
  });

  it('shows the tasks in French to a French customer', async () => {
    await changeLanguage('fr');
    withTasks([task('choose_country', 'Choose your country', 'pending')]);
    renderRoute('/dashboard');
    const item = await screen.findByTestId('task-choose_country', {}, { timeout: 5000 });
    expect(within(item).getByRole('link', { name: 'Choisissez votre pays' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Indiquez le pays où vous habitez.');
    expect(item).not.toHaveTextContent('Choose your country');
  });

  it('shows the empty state when everything is done', async () => {
    withTasks(tasksFor(buildOnboardingCustomer()).map((t) => ({ ...t, status: 'completed' as const })));
    await openDashboard();
    const empty = await screen.findByTestId('tasks-empty');
    expect(within(empty).getByText('You’re all set')).toBeInTheDocument();
    expect(empty).toHaveTextContent('Your account is ready: send money with the calculator above.');
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading and an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get(onboardingEndpoints.listTasks.path, async () => {
        await delay(50);
        if (fail) return HttpResponse.json({ message: 'Down' }, { status: 500 });
        return HttpResponse.json({ tasks: [task('choose_country', 'Choose your country', 'pending')] });
      }),
    );
    await openDashboard();
    expect(screen.getByRole('status', { name: 'Loading your tasks' })).toBeInTheDocument();
    expect(await screen.findByText('We couldn’t load your tasks.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Choose your country' })).toBeInTheDocument();
  });
});
