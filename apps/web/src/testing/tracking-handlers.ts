import {
  trackingEndpoints,
  transactionsEndpoints,
  type Recipient,
  type Tracking,
  type Transaction,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { transactionRecipient } from './transfer-fixtures';

/** What `GET /public/v1/track/{token}` answers for a transfer on its way to Amina (KES 12,000.00). */
export function buildTracking(seed: Partial<Tracking> = {}): Tracking {
  return {
    status: 'processing',
    amount: '1200000',
    currency: 'KES',
    recipient_first_name: 'Amina',
    delivery_estimate: 'Within minutes',
    timeline: [
      { status: 'awaiting_payment', at: '2026-11-20T10:00:00.000Z' },
      { status: 'paid', at: '2026-11-20T10:05:00.000Z' },
      { status: 'processing', at: '2026-11-20T10:06:00.000Z' },
    ],
    expected_at: '2026-11-20T11:06:00.000Z',
    delay: null,
    ...seed,
  };
}

/**
 * The public tracking call: `answers` by token (a function is asked on every call, to change the
 * answer between polls); any other token is a 404. `calls` counts the lookups per token.
 */
export function trackingApi(answers: Record<string, Tracking | (() => Tracking | number)>) {
  const calls: string[] = [];
  const handlers = [
    http.get(trackingEndpoints.getTracking.path, ({ params }) => {
      const token = String(params.token);
      calls.push(token);
      const found = answers[token];
      const answer = typeof found === 'function' ? found() : found;
      if (answer === undefined) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      if (typeof answer === 'number') return HttpResponse.json({ message: 'Server error.' }, { status: answer });
      return HttpResponse.json(answer);
    }),
  ];
  return { handlers, calls };
}

type Store = { transactions: () => Transaction[]; set: (next: Transaction) => Transaction };
type Answer = ReturnType<typeof HttpResponse.json>;

/**
 * Refund and resend of a returned transfer (docs/product/money-movement.md#returned), on the
 * transfers of `paymentApi` (`store`): 404 for an unknown id, 409 unless returned, 422 on
 * `recipient_id` for a recipient not in `recipients()`. `answer` replaces a
 * call's answer (a 404, a 409...). Every call is recorded.
 */
export interface ReturnedApiOptions {
  recipients?: () => Recipient[];
  answer?: (call: 'refund' | 'resend') => Answer | undefined;
}

export function returnedApi(store: Store, options: ReturnedApiOptions = {}) {
  const refunds: string[] = [];
  const resends: { id: string; recipient_id: string }[] = [];
  const find = (id: string) => store.transactions().find((t) => t.id === id);
  const at = () => new Date().toISOString();
  const handlers = [
    http.post(transactionsEndpoints.refundTransaction.path, ({ params }) => {
      const id = String(params.id);
      refunds.push(id);
      const answer = options.answer?.('refund');
      if (answer) return answer;
      const found = find(id);
      if (!found) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      if (found.status !== 'returned')
        return HttpResponse.json({ message: 'This transfer can’t be refunded: it is not returned.' }, { status: 409 });
      return HttpResponse.json(
        store.set({
          ...found,
          status: 'refunded',
          timeline: [...found.timeline, { status: 'refunded', at: at(), note: 'We are refunding your payment.' }],
        }),
      );
    }),
    http.post(transactionsEndpoints.resendTransaction.path, async ({ params, request }) => {
      const id = String(params.id);
      const body = (await request.json()) as { recipient_id: string };
      resends.push({ id, recipient_id: body.recipient_id });
      const answer = options.answer?.('resend');
      if (answer) return answer;
      const found = find(id);
      if (!found) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      if (found.status !== 'returned')
        return HttpResponse.json(
          { message: 'This transfer can’t be sent again: it is not returned.' },
          { status: 409 },
        );
      const recipient = options.recipients?.().find((r) => r.id === body.recipient_id);
      if (!recipient)
        return HttpResponse.json(
          { message: 'Recipient not found.', errors: { recipient_id: ['Recipient not found.'] } },
          { status: 422 },
        );
      return HttpResponse.json(
        store.set({
          ...found,
          status: 'processing',
          recipient_id: recipient.id,
          recipient: transactionRecipient(recipient),
          timeline: [
            ...found.timeline,
            { status: 'processing', at: at(), note: `Sending your money again, to ${recipient.name}.` },
          ],
        }),
      );
    }),
  ];
  return { handlers, refunds, resends };
}
