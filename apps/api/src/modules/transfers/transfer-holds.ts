import {
  HoldAnswerField,
  SourceOfFunds,
  type HoldAnswerRequest,
  type HoldCode,
  type HoldNeed,
  type Transaction,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId, UUID } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { HOLD_JOBS } from './hold-jobs.ts';
import { holdNeeds, holdTrigger } from './hold-triggers.ts';
import { holdsRepository } from './holds.repository.ts';
import type { TransferLifecycle } from './lifecycle.ts';
import type { TransferSteps } from './transfer-steps.ts';
import type { TransfersService } from './transfers.service.ts';

/** The category a source-of-funds document is uploaded in (an on-request category). */
export const SOURCE_OF_FUNDS_CATEGORY = 'source_of_funds';

/** A document's review status (the documents module's). */
type DocumentStatus = 'pending' | 'in_review' | 'approved' | 'rejected' | 'expired';

export const NOT_ON_HOLD_MESSAGE = 'This transfer is not on hold: there is nothing to answer.';

export interface TransferHoldsDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  lifecycle: Pick<TransferLifecycle, 'lock' | 'note'>;
  steps: Pick<TransferSteps, 'resumePayout' | 'cancelHeld'>;
  transfers: Pick<TransfersService, 'get'>;
  documents: Pick<DocumentsService, 'ownDocumentOf' | 'uploadTarget'>;
  /** A single transfer above this (GBP minor units at mid-market) asks for its source of funds. */
  sourceOfFundsFromGbp: bigint;
  /** How long the customer has to answer before the transfer is cancelled and refunded. */
  answerWithinMs: number;
}

/**
 * Holds solved in the app (docs/product/holds.md): a paid transfer that needs information is held
 * before its payout is scheduled (TransferSteps asks `placeIfNeeded` in the payment's transaction);
 * the customer answers in the app and the payout starts; unanswered at the deadline, the durable
 * job `transaction.hold-expire` cancels and refunds it through the usual cancel path.
 */
export class TransferHolds {
  constructor(private readonly deps: TransferHoldsDeps) {}

  /**
   * In the payment's transaction, the transfer locked and just `paid`: places the hold its triggers
   * ask for (a timeline entry, the push, the mail and the deadline's job). True when held: the
   * payout is not scheduled until the hold is cleared.
   */
  async placeIfNeeded(trx: Executor, after: AfterCommit, transferId: string): Promise<boolean> {
    const t = await holdsRepository.candidate(trx, transferId);
    if (!t || t.status !== 'paid') return false;
    const code = holdTrigger(t, this.deps.sourceOfFundsFromGbp);
    if (!code) return false;
    const at = this.deps.now();
    const deadline = new Date(at.getTime() + this.deps.answerWithinMs);
    const needs = holdNeeds(code, this.deps.documents.uploadTarget(SOURCE_OF_FUNDS_CATEGORY));
    const placed = await holdsRepository.insert(trx, {
      id: newId(),
      transaction_id: transferId,
      customer_id: t.customer_id,
      code,
      needs,
      deadline,
      at,
    });
    if (!placed) return holdsRepository.isOpen(trx, transferId);
    await this.deps.lifecycle.note(trx, after, {
      transactionId: transferId,
      note: { code: 'hold_placed', params: { reason: code, deadline: deadline.toISOString() } },
      whileIn: ['paid'],
    });
    await this.deps.jobs.enqueue(
      trx,
      HOLD_JOBS.mail,
      { transactionId: transferId, kind: 'placed' },
      { uniqueKey: `${HOLD_JOBS.mail.name}:${transferId}:placed` },
    );
    await this.deps.jobs.enqueue(
      trx,
      HOLD_JOBS.expire,
      { transactionId: transferId },
      { runAt: deadline, uniqueKey: `${HOLD_JOBS.expire.name}:${transferId}` },
    );
    return true;
  }

  /** Whether the transfer's payout waits for a hold (the payout's start checks it again). */
  isOpen(trx: Executor, transferId: string): Promise<boolean> {
    return holdsRepository.isOpen(trx, transferId);
  }

  /**
   * POST /client/v1/transactions/{id}/hold (docs/product/holds.md#answering): everything the hold
   * needs, checked per field; the hold is cleared at once and the payout scheduled. 404 not the
   * customer's; 409 not on hold.
   */
  async answer(auth: AuthContext, id: string, body: HoldAnswerRequest): Promise<Transaction> {
    if (!UUID.test(id)) throw AppError.notFound();
    const transfer = await this.deps.transfers.get(auth, id);
    // The documents named, read before the transaction (the documents module reads its own tables).
    const documents = new Map<string, DocumentStatus | undefined>();
    for (const docId of new Set(body.document_ids ?? [])) {
      const doc = await this.deps.documents.ownDocumentOf(auth.customerId, docId, SOURCE_OF_FUNDS_CATEGORY);
      documents.set(docId, doc?.status_code);
    }
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transfer.id);
      if (!locked) throw AppError.notFound();
      const hold = await holdsRepository.lock(trx, transfer.id);
      if (!hold || hold.status !== 'open' || locked.status !== 'paid') throw AppError.conflict(NOT_ON_HOLD_MESSAGE);
      const { answers, documentIds } = await this.checkAnswers(
        trx,
        documents,
        hold.code as HoldCode,
        hold.needs as HoldNeed[],
        body,
      );
      const at = this.deps.now();
      await holdsRepository.resolve(trx, hold.id, { status: 'cleared', answers, documentIds, at });
      await this.deps.lifecycle.note(trx, after, {
        transactionId: transfer.id,
        note: { code: 'hold_cleared', params: { reason: hold.code } },
        whileIn: ['paid'],
      });
      await this.deps.steps.resumePayout(trx, transfer.id);
    });
    return this.deps.transfers.get(auth, transfer.id);
  }

  /** Each need answered: 422 per field (`answers.<field>`, `document_ids`) otherwise. */
  private async checkAnswers(
    trx: Executor,
    documents: ReadonlyMap<string, DocumentStatus | undefined>,
    code: HoldCode,
    needs: readonly HoldNeed[],
    body: HoldAnswerRequest,
  ): Promise<{ answers: Record<string, string>; documentIds: string[] }> {
    const errors = new FieldErrorBag();
    const given = body.answers ?? {};
    const answers: Record<string, string> = {};
    for (const key of Object.keys(given)) {
      const known = HoldAnswerField.safeParse(key);
      if (!known.success || !needs.some((n) => n.kind === 'answer' && n.field === known.data)) {
        errors.add(`answers.${key.slice(0, 40)}`, 'This transfer does not ask for this.');
      }
    }
    const documentIds: string[] = [];
    for (const need of needs) {
      if (need.kind === 'answer') {
        const value = (given[need.field] ?? '').trim();
        const problem = answerProblem(need.field, value);
        if (problem) errors.add(`answers.${need.field}`, problem);
        else answers[need.field] = value;
        continue;
      }
      const ids = [...documents.keys()];
      if (ids.length === 0) {
        errors.add('document_ids', 'Upload a document that shows where the money comes from.');
        continue;
      }
      for (const docId of ids) {
        const status = documents.get(docId);
        if (!status) errors.add('document_ids', 'Document not found.');
        else if (status === 'rejected' || status === 'expired') {
          errors.add('document_ids', 'This document was not accepted: upload another one.');
        } else if (await holdsRepository.documentUsed(trx, docId)) {
          errors.add('document_ids', 'This document was already given for another transfer: upload a new one.');
        } else documentIds.push(docId);
      }
    }
    if (code !== 'source_of_funds' && (body.document_ids ?? []).length > 0) {
      errors.add('document_ids', 'This transfer does not ask for a document.');
    }
    errors.throwIfAny();
    return { answers, documentIds };
  }

  /**
   * The `transaction.hold-expire` job, at the deadline (docs/product/holds.md#deadline): a hold
   * still open is expired and its transfer cancelled and refunded in full (TransferSteps.cancelHeld,
   * the customer's cancel path); the customer is mailed. Once: a cleared hold or a transfer no longer
   * paid is left alone.
   */
  async expire(transferId: string): Promise<void> {
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transferId);
      if (!locked) return;
      const hold = await holdsRepository.lock(trx, transferId);
      const at = this.deps.now();
      if (!hold || hold.status !== 'open' || hold.deadline.getTime() > at.getTime()) return;
      await holdsRepository.resolve(trx, hold.id, { status: 'expired', at });
      if (locked.status !== 'paid') return; // cancelled by the customer meanwhile
      await this.deps.steps.cancelHeld(trx, after, transferId);
      await this.deps.jobs.enqueue(
        trx,
        HOLD_JOBS.mail,
        { transactionId: transferId, kind: 'expired' },
        { uniqueKey: `${HOLD_JOBS.mail.name}:${transferId}:expired` },
      );
    });
  }
}

/** What is wrong with an answer, in English, or null (docs/product/holds.md#answering). */
function answerProblem(field: HoldAnswerField, value: string): string | null {
  if (value === '') return 'Answer this question.';
  switch (field) {
    case 'source_of_funds':
      return SourceOfFunds.safeParse(value).success ? null : 'Choose one of the options.';
    case 'purpose_details':
      return value.length < 5 ? 'Tell us in a few words (at least 5 characters).' : null;
    case 'account_holder_name':
      return value.length < 2 ? "Enter the account holder's name." : null;
  }
}
