import type { FastifyBaseLogger } from 'fastify';
import type { DocumentReviewer, ReviewDecision, ReviewRequest } from './identity-provider.ts';

/**
 * The embedded sandbox reviewer (docs/product/account-verification.md#review): `delayMs` after the
 * upload the document goes in review, and `delayMs` later it is approved, or rejected as unreadable
 * when one of its file names contains "reject". Timers live in this process: documents still waiting
 * when it stops are submitted again at start-up (decisions are idempotent, so two instances
 * resuming the same document are harmless).
 */
export class SandboxReviewer implements DocumentReviewer {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly decide: (documentId: string, decision: ReviewDecision) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  submit(request: ReviewRequest): void {
    this.after(async () => {
      await this.decide(request.documentId, { status: 'in_review' });
      this.after(() => this.decide(request.documentId, outcome(request)));
    });
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private after(step: () => Promise<unknown>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      step().catch((err: unknown) => this.log.warn({ err }, 'sandbox review step failed'));
    }, this.delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }
}

function outcome(request: ReviewRequest): ReviewDecision {
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
export const manualReviewer: DocumentReviewer = { submit() {}, close() {} };
