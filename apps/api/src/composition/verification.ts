// The composition root's account-verification part (composition-root.ts): reference data, documents
// and their reviewer (durable jobs), tasks, onboarding.
import type { DocumentReviewer, IdentityProvider } from '../adapters/identity/identity-provider.ts';
import { SandboxIdentityProvider } from '../adapters/identity/sandbox-provider.ts';
import { manualReviewer, SandboxReviewer } from '../adapters/identity/sandbox-reviewer.ts';
import { DocumentsService } from '../modules/documents/documents.service.ts';
import type { Jobs } from '../modules/jobs/jobs.ts';
import { OnboardingService } from '../modules/onboarding/onboarding.service.ts';
import { ReferenceService } from '../modules/reference/reference.service.ts';
import { TasksService } from '../modules/tasks/tasks.service.ts';
import type { IdentityServices } from './identity.ts';
import type { Infrastructure } from './infrastructure.ts';

export function createVerificationServices(
  infra: Infrastructure,
  {
    uow,
    customers,
    auth,
    stepUp,
    jobs,
  }: Pick<IdentityServices, 'uow' | 'customers' | 'auth' | 'stepUp'> & { jobs: Jobs },
) {
  const { config, now, log, db, rateLimitStore: store } = infra;

  const reference = new ReferenceService(db);
  // Account verification: the sandbox provider and reviewer in the embedded default (a real
  // provider implements the same interfaces, adapters/identity/identity-provider.ts).
  const sandbox = new SandboxIdentityProvider(config.appKey, now);
  const providers = new Map<string, IdentityProvider>([[sandbox.api, sandbox]]);
  let reviewer: DocumentReviewer = manualReviewer;
  const documents = new DocumentsService({
    db,
    uow,
    now,
    storage: infra.storage,
    providers,
    reviewer: () => reviewer,
    appKey: config.appKey,
    rateLimitStore: store,
    uploadRule: { max: config.verification.uploadsPerHour, windowMs: 3_600_000 },
    log: log.child({ module: 'documents' }),
  });
  const reviewDelay = config.verification.sandboxReviewDelayMs;
  if (reviewDelay !== null) {
    // Each review step is a durable job, run by whichever instance claims it.
    const sandboxReviewer = new SandboxReviewer({
      delayMs: reviewDelay,
      now,
      enqueue: (job, payload, options) => jobs.enqueue(db, job, payload, options),
      decide: (id, decision) => documents.applyReview(id, decision),
    });
    jobs.register(...sandboxReviewer.jobs);
    reviewer = sandboxReviewer;
  }
  const tasks = new TasksService();
  const onboarding = new OnboardingService({
    db,
    now,
    reference,
    documents,
    customers,
    accounts: auth,
    uow,
    stepUp,
  });

  return { reference, documents, tasks, onboarding };
}
