import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { defineJob, type EnqueueJob, type RegisteredJob } from '../../lib/job-definition.ts';
import type { DocumentReviewer, ReviewDecision, ReviewRequest } from './identity-provider.ts';

/** What the sandbox needs of a document to decide it (stored in the job's payload). */
const reviewPayload = z.object({
  documentId: z.string(),
  /** `in_review` first, then `decision` (approved, or rejected when a file name says "reject"). */
  step: z.enum(['in_review', 'decision']),
  typeCode: z.string(),
  fileNames: z.array(z.string()),
  documentNumber: z.string().nullable(),
});

interface ReviewStepDeps {
  delayMs: number;
  now: Clock;
  enqueue: EnqueueJob;
  decide: (documentId: string, decision: ReviewDecision) => Promise<unknown>;
}

/** The sandbox reviewer's durable job: one step of one document's review. */
export const SANDBOX_REVIEW_JOB = defineJob(
  'sandbox.document-review',
  reviewPayload,
  async (step, job, deps: ReviewStepDeps) => {
    if (step.step === 'in_review') {
      // Applied once (a repeated step is ignored), then the decision is queued under the same key.
      await deps.decide(step.documentId, { status: 'in_review' });
      await job.releaseUniqueKey();
      await queueStep(deps, { ...step, step: 'decision' });
      return;
    }
    await deps.decide(step.documentId, outcome(step));
  },
);

const queueStep = (deps: Omit<ReviewStepDeps, 'decide'>, step: z.input<typeof reviewPayload>) =>
  deps.enqueue(SANDBOX_REVIEW_JOB, step, {
    runAt: new Date(deps.now().getTime() + deps.delayMs),
    uniqueKey: `${SANDBOX_REVIEW_JOB.name}:${step.documentId}`,
  });

/**
 * The embedded sandbox reviewer (docs/product/account-verification.md#review): `delayMs` after the
 * upload the document goes in review, and `delayMs` later it is approved, or rejected as unreadable
 * when one of its file names contains "reject". Each step is a durable job (`sandbox.document-review`,
 * one pending per document by its unique key), so the review finishes on whichever instance is up
 * even when the one that took the upload stops; submitting a document again while its review is
 * queued adds nothing. Its `jobs` are for the caller to register with the jobs module.
 */
export class SandboxReviewer implements DocumentReviewer {
  readonly jobs: RegisteredJob[];

  constructor(private readonly deps: ReviewStepDeps) {
    this.jobs = [SANDBOX_REVIEW_JOB.with(deps)];
  }

  async submit(request: ReviewRequest): Promise<void> {
    await queueStep(this.deps, {
      documentId: request.documentId,
      step: 'in_review',
      typeCode: request.typeCode,
      fileNames: [...request.fileNames],
      documentNumber: request.documentNumber,
    });
  }
}

function outcome(request: Pick<ReviewRequest, 'fileNames' | 'typeCode' | 'documentNumber'>): ReviewDecision {
  if (request.fileNames.some((name) => name.toLowerCase().includes('reject'))) {
    return { status: 'rejected', reason: 'unreadable' };
  }
  // The sandbox "reads" the document number the customer typed (a real provider reads the document).
  const extracted: Record<string, string> = {};
  if (request.documentNumber) {
    extracted.document_number = request.documentNumber;
    if (request.typeCode === 'national_id') extracted.national_id_number = request.documentNumber;
  }
  return { status: 'approved', extracted };
}

/** The reviewer used when the sandbox is off: documents wait for a decision from elsewhere. */
export const manualReviewer: DocumentReviewer = { submit: async () => {} };
