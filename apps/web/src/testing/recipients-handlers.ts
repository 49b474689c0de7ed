import {
  corridorsEndpoints,
  recipientsEndpoints,
  type CorridorsResponse,
  type MessageBody,
  type Recipient,
  type RecipientList,
  type RecipientRequest,
  type RecipientReveal,
  type RecipientRequirements,
  type RecipientRequirementsRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { corridors, requirementsFor } from './recipients-fixtures';

type Answer = Response | undefined;

export interface RecipientsApiOptions {
  recipients?: Recipient[];
  /** Page size when the request names none. */
  pageSize?: number;
  /** Answer a reveal instead of the store (a 403 step-up, a 500...). */
  revealAnswer?: (id: string) => Answer | Promise<Answer>;
  /** Answer a create or an update instead of the store (a 422, a 409, a 403...). */
  saveAnswer?: (body: RecipientRequest, id: string | undefined) => Answer | Promise<Answer>;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The account-identifying keys the api masks (its requirement fields flagged `secret`). */
const SECRET_KEYS = new Set(['iban', 'account_number', 'phone_number', 'clabe', 'pix_key', 'tax_id']);

/** A recipient as the api answers it (list, GET, add, edit): account numbers as `•••• 4567`. */
export function maskedRecipient(recipient: Recipient): Recipient {
  const details = Object.fromEntries(
    Object.entries(recipient.details).map(([k, v]) => [k, SECRET_KEYS.has(k) ? `•••• ${v.slice(-4)}` : v]),
  );
  return { ...recipient, details, details_masked: true };
}

const notFound = () => HttpResponse.json<MessageBody>({ message: 'Not Found' }, { status: 404 });

/**
 * Stateful handlers of the recipients calls, as the api behaves: the list by name with `search` and
 * a cursor (the offset, here), create/update/delete in memory, 404 for an unknown id, the
 * requirements of recipients-fixtures (GET, and POST with the details so far). Every save is recorded.
 */
export function recipientsApi(options: RecipientsApiOptions = {}) {
  let recipients = [...(options.recipients ?? [])];
  const saves: { id: string | undefined; body: RecipientRequest }[] = [];
  const requirementAsks: RecipientRequirementsRequest[] = [];
  const reveals: string[] = [];
  let created = 0;

  const sorted = () => [...recipients].sort((a, b) => a.name.localeCompare(b.name));
  const store = (body: RecipientRequest, id: string, previous?: Recipient): Recipient => {
    const now = new Date().toISOString();
    const last4 = Object.values(body.details).at(-1)?.slice(-4) ?? '';
    return {
      id,
      name: body.name,
      country: body.country,
      currency: body.currency,
      payout_method: body.payout_method,
      details: body.details,
      details_masked: false,
      summary: `${body.payout_method === 'mobile_wallet' ? 'M-Pesa' : 'Account'} ••• ${last4}`,
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
  };

  const save = async (request: Request, id: string | undefined) => {
    const body = (await request.json()) as RecipientRequest;
    saves.push({ id, body });
    const answer = await options.saveAnswer?.(body, id);
    if (answer) return answer;
    if (id === undefined) {
      created += 1;
      const recipient = store(body, `0b7c6a52-0000-4000-9000-${String(created).padStart(12, '0')}`);
      recipients.push(recipient);
      return HttpResponse.json(maskedRecipient(recipient), { status: 201 });
    }
    const previous = recipients.find((r) => r.id === id);
    if (!previous) return notFound();
    const updated = store(body, id, previous);
    recipients = recipients.map((r) => (r.id === id ? updated : r));
    return HttpResponse.json(maskedRecipient(updated));
  };

  const handlers = [
    http.get<never, never, CorridorsResponse>(corridorsEndpoints.listCorridors.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json(corridors());
    }),
    http.get<never, never, RecipientRequirements | MessageBody>(
      recipientsEndpoints.getRecipientRequirements.path,
      ({ request }) => {
        logRequest(request);
        const query = Object.fromEntries(
          new URL(request.url).searchParams.entries(),
        ) as unknown as RecipientRequirementsRequest;
        requirementAsks.push(query);
        const answer = requirementsFor(query);
        return answer ? HttpResponse.json(answer) : notFound();
      },
    ),
    http.post<never, RecipientRequirementsRequest, RecipientRequirements | MessageBody>(
      recipientsEndpoints.refreshRecipientRequirements.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        requirementAsks.push(body);
        const answer = requirementsFor(body, body.details);
        return answer ? HttpResponse.json(answer) : notFound();
      },
    ),
    http.get<never, never, RecipientList>(recipientsEndpoints.listRecipients.path, ({ request }) => {
      logRequest(request);
      const url = new URL(request.url);
      const search = fold(url.searchParams.get('search') ?? '');
      const limit = Number(url.searchParams.get('limit') ?? options.pageSize ?? 20);
      const size = options.pageSize ?? limit;
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const matching = sorted().filter((r) => fold(r.name).includes(search));
      const data = matching.slice(from, from + size).map(maskedRecipient);
      const next = from + size < matching.length ? String(from + size) : null;
      return HttpResponse.json({ data, next_cursor: next });
    }),
    http.post<never, RecipientRequest, Recipient | ValidationErrorBody | MessageBody>(
      recipientsEndpoints.createRecipient.path,
      async ({ request }) => {
        logRequest(request);
        return save(request, undefined);
      },
    ),
    http.get<{ id: string }, never, Recipient | MessageBody>(
      recipientsEndpoints.getRecipient.path,
      ({ request, params }) => {
        logRequest(request);
        const recipient = recipients.find((r) => r.id === params.id);
        return recipient ? HttpResponse.json(maskedRecipient(recipient)) : notFound();
      },
    ),
    http.post<{ id: string }, never, RecipientReveal | MessageBody>(
      recipientsEndpoints.revealRecipient.path,
      async ({ request, params }) => {
        logRequest(request);
        reveals.push(params.id);
        const answer = await options.revealAnswer?.(params.id);
        if (answer) return answer as never;
        const recipient = recipients.find((r) => r.id === params.id);
        return recipient ? HttpResponse.json({ details: recipient.details }) : notFound();
      },
    ),
    http.put<{ id: string }, RecipientRequest, Recipient | ValidationErrorBody | MessageBody>(
      recipientsEndpoints.updateRecipient.path,
      async ({ request, params }) => {
        logRequest(request);
        return save(request, params.id);
      },
    ),
    http.delete<{ id: string }, never, MessageBody>(recipientsEndpoints.deleteRecipient.path, ({ request, params }) => {
      logRequest(request);
      if (!recipients.some((r) => r.id === params.id)) return notFound();
      recipients = recipients.filter((r) => r.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    saves,
    requirementAsks,
    reveals,
    recipients: () => recipients,
  };
}

/** The default: no recipients yet. */
export const recipientsHandlers = recipientsApi().handlers;
