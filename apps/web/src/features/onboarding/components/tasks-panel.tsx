import type { Task } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { TextLink } from '@/components/ui/text-link';
import { useTasks } from '../api/list-tasks';
import { taskHref } from '../lib/task-links';

/**
 * The dashboard's to-do list (GET /client/v1/tasks): pending tasks first with a link each, completed
 * ones marked; each task's texts come from the locales by its `code` (docs/product/onboarding.md#tasks).
 */
export function TasksPanel() {
  const { t } = useTranslation();
  const tasks = useTasks();

  return (
    <SectionCard heading={t('onboarding.dashboard.tasksHeading')}>
      <div className="mt-4">
        {tasks.isPending ? (
          <TasksSkeleton />
        ) : tasks.isError ? (
          <QueryError
            message={t('onboarding.dashboard.tasksError')}
            onRetry={() => void tasks.refetch()}
            testId="tasks-error"
          />
        ) : (
          <TaskList tasks={tasks.data} />
        )}
      </div>
    </SectionCard>
  );
}

function TasksSkeleton() {
  const { t } = useTranslation();
  return (
    <SkeletonList
      label={t('onboarding.dashboard.loadingTasks')}
      testId="tasks-loading"
      rowClassName="p-4"
      row={
        <>
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-2 h-3 w-3/4 rounded bg-slate-100" />
        </>
      }
    />
  );
}

function TaskList({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation();
  const pending = tasks.filter((task) => task.status === 'pending');
  const completed = tasks.filter((task) => task.status === 'completed');

  return (
    <>
      {pending.length === 0 && (
        <div data-testid="tasks-empty" className="rounded-xl bg-green-50 p-5 ring-1 ring-green-200">
          <p className="text-lg font-semibold text-green-900">{t('onboarding.dashboard.allSet')}</p>
          <p className="mt-1 text-green-900">{t('onboarding.dashboard.allSetBody')}</p>
        </div>
      )}
      <ul className="mt-4 space-y-3 first:mt-0" data-testid="task-list">
        {[...pending, ...completed].map((task) => {
          const href = taskHref(task.route);
          const done = task.status === 'completed';
          // By code, in the customer's language: the api's `title` and `description` are English only.
          const title = t(`onboarding.tasks.${task.code}.title`);
          return (
            <li
              key={task.code}
              data-testid={`task-${task.code}`}
              data-status={task.status}
              className="flex items-start gap-3 rounded-xl border border-slate-200 p-4"
            >
              <span
                aria-hidden="true"
                className={
                  done
                    ? 'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-green-700 text-sm text-white'
                    : 'mt-0.5 h-6 w-6 shrink-0 rounded-full ring-2 ring-slate-400'
                }
              >
                {done ? '✓' : ''}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {!done && href ? <TextLink to={href}>{title}</TextLink> : title}
                </p>
                <p className="mt-0.5 text-sm text-slate-700">{t(`onboarding.tasks.${task.code}.description`)}</p>
              </div>
              <span
                className={
                  done
                    ? 'shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900'
                    : 'shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
                }
              >
                {done ? t('onboarding.dashboard.completed') : t('onboarding.dashboard.todo')}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
