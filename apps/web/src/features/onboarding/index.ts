/**
 * The onboarding feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { OnboardingWorkflow } from './components/onboarding-workflow';
export { TasksPanel } from './components/tasks-panel';
export { tasksQueryKey, tasksQueryOptions } from './api/list-tasks';
