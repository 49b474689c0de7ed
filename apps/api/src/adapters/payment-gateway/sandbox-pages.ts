import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { pageCsp, renderChallengePage, renderMessagePage, renderPayPage, type PaymentSummary } from './hosted-page.ts';
import { returnOrigin, SANDBOX_GATEWAY_PATH, type SandboxGateway } from './sandbox-gateway.ts';
import type { SandboxPaymentRecord } from './sandbox-store.ts';
import { checkCard } from './test-cards.ts';

export interface SandboxGatewayPagesOptions {
  gateway: SandboxGateway;
  now: Clock;
}

type Form = Record<string, unknown>;

/** One text field of a form post; anything else (absent, repeated, too long) reads as ''. */
function text(form: Form, name: string, max = 200): string {
  const v = form[name];
  return typeof v === 'string' && v.length <= max ? v : '';
}

function html(reply: FastifyReply, status: number, body: string, record?: SandboxPaymentRecord): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', pageCsp(record ? returnOrigin(record.returnUrl) : null))
    .send(body);
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').header('location', location).send();
}

const payPath = (id: string) => `${SANDBOX_GATEWAY_PATH}/pay/${id}`;
const challengePath = (id: string) => `${SANDBOX_GATEWAY_PATH}/3ds/${id}`;

/**
 * The sandbox gateway's hosted card page (docs/product/payments.md#the-hosted-card-page), served
 * outside the app's own routes: in reality it lives on the gateway's origin. No session and no
 * cookie: each POST carries the payment's random token from a hidden field, so another site cannot
 * post for the customer; the app's CSRF check must leave `/sandbox/gateway/` alone.
 *
 *   GET  /sandbox/gateway/pay/:id   the card form with the test cards
 *   POST /sandbox/gateway/pay/:id   decides by card number (422 with the form again on bad input)
 *   GET  /sandbox/gateway/3ds/:id   the 3-D Secure challenge
 *   POST /sandbox/gateway/3ds/:id   complete or fail it
 *
 * A decided payment sends the browser back (303) to its signed return URL.
 */
export async function sandboxGatewayPages(app: FastifyInstance, opts: SandboxGatewayPagesOptions): Promise<void> {
  const { gateway, now } = opts;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  const pageSummary = (r: SandboxPaymentRecord): PaymentSummary => ({
    merchantName: gateway.merchantName,
    amount: r.amount,
    description: r.description,
  });
  const notFound = (reply: FastifyReply) =>
    html(
      reply,
      404,
      renderMessagePage('Payment not found', 'This payment link is not valid. Go back to the merchant.'),
    );
  const refused = (reply: FastifyReply, r: SandboxPaymentRecord) =>
    html(
      reply,
      403,
      renderMessagePage('This page is out of date', 'Open the payment page again from the merchant and try once more.'),
      r,
    );

  /** Where a payment that is not waiting for this page goes: back to the merchant, or to its current step. */
  const elsewhere = (reply: FastifyReply, r: SandboxPaymentRecord): FastifyReply | null => {
    if (r.status === 'succeeded' || r.status === 'failed') return redirect(reply, gateway.returnLocation(r));
    return null;
  };

  const cardPayment = async (id: string) => {
    const r = await gateway.record(id);
    return r && r.method === 'card' ? r : undefined;
  };

  const routeOpts = { bodyLimit: 8 * 1024 };

  app.get<{ Params: { id: string } }>(`${SANDBOX_GATEWAY_PATH}/pay/:id`, async (req, reply) => {
    const r = await cardPayment(req.params.id);
    if (!r) return notFound(reply);
    if (r.status === 'requires_action') return redirect(reply, challengePath(r.providerPaymentId));
    const away = elsewhere(reply, r);
    if (away) return away;
    return html(
      reply,
      200,
      renderPayPage({ ...pageSummary(r), action: payPath(r.providerPaymentId), token: r.pageToken }),
      r,
    );
  });

  app.post<{ Params: { id: string } }>(`${SANDBOX_GATEWAY_PATH}/pay/:id`, routeOpts, async (req, reply) => {
    const r = await cardPayment(req.params.id);
    if (!r) return notFound(reply);
    const form = (req.body ?? {}) as Form;
    if (!safeEqual(text(form, 'token'), r.pageToken)) return refused(reply, r);
    if (r.status === 'requires_action') return redirect(reply, challengePath(r.providerPaymentId));
    const away = elsewhere(reply, r);
    if (away) return away;

    const decided = async (outcome: Parameters<SandboxGateway['decide']>[2]) => {
      const after =
        (await gateway.decide(r.providerPaymentId, ['pending'], outcome)) ??
        (await gateway.record(r.providerPaymentId));
      return after ? (elsewhere(reply, after) ?? redirect(reply, payPath(r.providerPaymentId))) : notFound(reply);
    };

    if (text(form, 'action') === 'cancel') return decided({ status: 'failed', reason: 'cancelled' });

    const values = { name: text(form, 'name'), card_number: text(form, 'card_number'), expiry: text(form, 'expiry') };
    const check = checkCard(
      { name: values.name, cardNumber: values.card_number, expiry: values.expiry, cvc: text(form, 'cvc') },
      now(),
    );
    if (!check.ok) {
      const page = renderPayPage({
        ...pageSummary(r),
        action: payPath(r.providerPaymentId),
        token: r.pageToken,
        errors: check.errors,
        values,
      });
      return html(reply, 422, page, r);
    }
    const behaviour = check.card.behaviour;
    if (behaviour.kind === 'approve') return decided({ status: 'succeeded' });
    if (behaviour.kind === 'decline') return decided({ status: 'failed', reason: behaviour.reason });
    await gateway.requireAction(r.providerPaymentId);
    return redirect(reply, challengePath(r.providerPaymentId));
  });

  app.get<{ Params: { id: string } }>(`${SANDBOX_GATEWAY_PATH}/3ds/:id`, async (req, reply) => {
    const r = await cardPayment(req.params.id);
    if (!r) return notFound(reply);
    if (r.status === 'pending') return redirect(reply, payPath(r.providerPaymentId));
    const away = elsewhere(reply, r);
    if (away) return away;
    const page = renderChallengePage({
      ...pageSummary(r),
      action: challengePath(r.providerPaymentId),
      token: r.pageToken,
    });
    return html(reply, 200, page, r);
  });

  app.post<{ Params: { id: string } }>(`${SANDBOX_GATEWAY_PATH}/3ds/:id`, routeOpts, async (req, reply) => {
    const r = await cardPayment(req.params.id);
    if (!r) return notFound(reply);
    const form = (req.body ?? {}) as Form;
    if (!safeEqual(text(form, 'token'), r.pageToken)) return refused(reply, r);
    if (r.status === 'pending') return redirect(reply, payPath(r.providerPaymentId));
    const away = elsewhere(reply, r);
    if (away) return away;
    const decision = text(form, 'decision');
    if (decision !== 'complete' && decision !== 'fail') {
      const page = renderChallengePage({
        ...pageSummary(r),
        action: challengePath(r.providerPaymentId),
        token: r.pageToken,
      });
      return html(reply, 422, page, r);
    }
    const after =
      (await gateway.decide(
        r.providerPaymentId,
        ['requires_action'],
        decision === 'complete' ? { status: 'succeeded' } : { status: 'failed', reason: 'authentication_failed' },
      )) ?? (await gateway.record(r.providerPaymentId));
    return after ? (elsewhere(reply, after) ?? redirect(reply, challengePath(r.providerPaymentId))) : notFound(reply);
  });
}
