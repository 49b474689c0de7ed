import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  quotesEndpoints,
  transactionsEndpoints,
  type MessageBody,
  type Quote,
  type QuoteChange,
  type QuoteRequest,
  type Recipient,
  type Transaction,
  type TransactionRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { buildQuote, buildTransaction, priceQuote } from './transfer-fixtures';

type Answer = Response | undefined;

export interface TransferApiOptions {
  quotes?: Quote[];
  /** The recipients a confirmation may name (by id); others are a 422 on recipient_id. */
  recipients?: Recipient[];
  /** The rate of a refreshed quote (default: the old rate less 0.0003). */
  refreshRate?: string;
  /** Answer a confirmation instead of the store (a 422, a 403, a 409, a network error...). */
  confirmAnswer?: (body: TransactionRequest, key: string, attempt: number) => Answer | Promise<Answer>;
  /** Hold every confirmation until this promise settles (to click twice meanwhile). */
  confirmGate?: Promise<void>;
}

const notFound = () => HttpResponse.json<MessageBody>({ message: 'Not Found' }, { status: 404 });

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/**
 * Stateful handlers of quotes and transactions, as the api behaves: GET a stored quote (404 else),
 * POST /quotes prices a new one for the same corridor, POST /quotes/:id/refresh makes a new one at
 * another rate with its `changes`, POST /transactions needs a well-formed Idempotency-Key (400) and
 * answers the stored transaction again for the same key (a new body with the same key is a 422).
 * Every confirmation is recorded with its key.
 */
export function transferApi(options: TransferApiOptions = {}) {
  const quotes = new Map<string, Quote>((options.quotes ?? [buildQuote()]).map((q) => [q.id, q]));
  const recipients = options.recipients;
  const quoteRequests: QuoteRequest[] = [];
  const refreshes: string[] = [];
  const confirmations: { key: string | null; body: TransactionRequest }[] = [];
  const byKey = new Map<string, { body: string; transaction: Transaction }>();

  const handlers = [
    http.get<{ id: string }, never, Quote | MessageBody>(quotesEndpoints.getQuote.path, ({ request, params }) => {
      logRequest(request);
      const quote = quotes.get(params.id);
      return quote ? HttpResponse.json(quote) : notFound();
    }),
    http.post<never, QuoteRequest, Quote | ValidationErrorBody>(
      quotesEndpoints.createQuote.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        quoteRequests.push(body);
        const model = [...quotes.values()].find(
          (q) => q.target_country === body.target_country && q.target_currency === body.target_currency,
        );
        const quote = buildQuote({
          ...(model ?? {}),
          id: nextId('5f0c1e2a'),
          ...priceQuote(body, model?.rate ?? '1.1601'),
          refreshed_from: null,
          changes: [],
          status: 'active',
          expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        });
        quotes.set(quote.id, quote);
        return HttpResponse.json(quote, { status: 201 });
      },
    ),
    http.post<{ id: string }, never, Quote | MessageBody>(quotesEndpoints.refreshQuote.path, ({ request, params }) => {
      logRequest(request);
      const old = quotes.get(params.id);
      if (!old) return notFound();
      refreshes.push(params.id);
      const rate = options.refreshRate ?? '1.1598';
      const priced = priceQuote(
        {
          source_currency: old.source_currency,
          target_currency: old.target_currency,
          [old.quoted_by]: old[old.quoted_by],
        },
        rate,
      );
      const next = buildQuote({
        ...old,
        ...priced,
        id: nextId('5f0c1e2a'),
        rate,
        status: 'active',
        refreshed_from: old.id,
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      });
      const changes: QuoteChange[] = [];
      if (old.rate !== next.rate) changes.push({ field: 'rate', from: old.rate, to: next.rate });
      if (old.target_amount !== next.target_amount) {
        changes.push({ field: 'target_amount', from: old.target_amount, to: next.target_amount });
      }
      const stored = { ...next, changes };
      quotes.set(stored.id, stored);
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.post<never, TransactionRequest, Transaction | ValidationErrorBody | MessageBody>(
      transactionsEndpoints.createTransaction.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
        confirmations.push({ key, body });
        if (options.confirmGate) await options.confirmGate;
        if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
          return HttpResponse.json({ message: 'Send an Idempotency-Key header.' }, { status: 400 });
        }
        const answer = await options.confirmAnswer?.(body, key, confirmations.length);
        if (answer) return answer;
        const seen = byKey.get(key);
        if (seen) {
          if (seen.body !== JSON.stringify(body)) {
            return HttpResponse.json(
              {
                message: 'This key was used for another request.',
                errors: { idempotency_key: ['Used for another request.'] },
              },
              { status: 422 },
            );
          }
          return HttpResponse.json(seen.transaction, { status: 201 });
        }
        const quote = quotes.get(body.quote_id);
        if (!quote || quote.status !== 'active') {
          return HttpResponse.json(
            {
              message: 'The given data was invalid.',
              errors: { quote_id: ['This quote has expired: get a new one.'] },
            },
            { status: 422 },
          );
        }
        const recipient = recipients?.find((r) => r.id === body.recipient_id);
        if (recipients && !recipient) {
          return HttpResponse.json(
            { message: 'The given data was invalid.', errors: { recipient_id: ['Choose one of your recipients.'] } },
            { status: 422 },
          );
        }
        const transaction = buildTransaction(
          quote,
          recipient ?? { ...(recipients?.[0] as Recipient), id: body.recipient_id },
          body,
          nextId('7a1b2c3d'),
        );
        byKey.set(key, { body: JSON.stringify(body), transaction });
        quotes.set(quote.id, { ...quote, status: 'used' });
        return HttpResponse.json(transaction, { status: 201 });
      },
    ),
  ];

  return { handlers, quotes, quoteRequests, refreshes, confirmations };
}

/**
 * Registered for every test (server.ts): refresh and confirm. Reading and creating quotes are the
 * dashboard's defaults (dashboard-handlers.ts); a test of the wizard uses `transferApi(...)`.
 */
export const transferHandlers = transferApi().handlers.filter((_, i) => i >= 2);
