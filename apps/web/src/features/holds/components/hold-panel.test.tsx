import { holdsEndpoints, type HoldAnswerRequest, type Transaction } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { awaitingTransfer, withStatus } from '@/testing/payment-fixtures';
import { paymentApi } from '@/testing/payment-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { documentCategories, nodeFile } from '@/testing/verification-fixtures';
import { verificationApi } from '@/testing/verification-handlers';

// Where the sandbox's source-of-funds document goes: any category and type the handlers know.
const address = documentCategories().find((c) => c.code === 'proof_of_address')!;
const evidence = address.document_types[0]!;
const DEADLINE = '2030-01-09T14:00:00.000Z';

function heldTransfer(): Transaction {
  const paid = withStatus(awaitingTransfer(), 'paid', 'We received your payment.');
  return {
    ...paid,
    timeline: [
      ...paid.timeline,
      {
        status: 'paid',
        at: new Date().toISOString(),
        note: 'We need something from you.',
        code: 'hold_placed',
        params: { reason: 'source_of_funds', deadline: DEADLINE },
      },
    ],
    hold: {
      code: 'source_of_funds',
      text: 'This is a large transfer.',
      needs: [
        { kind: 'answer', field: 'source_of_funds', options: ['salary', 'savings', 'other'] },
        {
          kind: 'document',
          document_type: 'source_of_funds',
          document_category_id: address.id,
          document_type_id: evidence.id,
        },
      ],
      deadline: DEADLINE,
    },
  };
}

/** The held transfer, the hold answer as the api gives it (or `answer`), the verification upload. */
function setup(answer?: (body: HoldAnswerRequest) => Response | undefined) {
  const transfer = heldTransfer();
  const payments = paymentApi({ transactions: [transfer] });
  const verification = verificationApi();
  const answers: { id: string; body: HoldAnswerRequest }[] = [];
  server.use(
    http.post(holdsEndpoints.answerHold.path, async ({ params, request }) => {
      const body = (await request.json()) as HoldAnswerRequest;
      answers.push({ id: String(params.id), body });
      const given = answer?.(body);
      if (given) return given;
      const current = payments.transactions().find((t) => t.id === String(params.id))!;
      const at = new Date().toISOString();
      return HttpResponse.json(
        payments.set({
          ...current,
          hold: null,
          timeline: [...current.timeline, { status: 'paid', at, note: 'Thank you.', code: 'hold_cleared', params: {} }],
        }),
      );
    }),
    ...verification.handlers,
    ...payments.handlers,
  );
  const view = renderSignedIn(`/transaction/${transfer.id}`);
  return { ...view, transfer, answers, verification, user: userEvent.setup() };
}

const panel = () => screen.findByTestId('hold-panel', {}, { timeout: 5000 });

describe('A held transfer (docs/product/holds.md#the-app)', () => {
  it('says what is needed and by when; answered with a document, the page shows it on its way', async () => {
    const { user, transfer, answers, verification, container } = setup();
    const held = await panel();
    expect(within(held).getByRole('heading', { name: 'We need something from you' })).toBeVisible();
    expect(screen.getByTestId('hold-reason')).toHaveTextContent('tell us where the money comes from');
    expect(screen.getByTestId('hold-deadline')).toHaveTextContent(/^Answer by .*2030/);
    expect(screen.getByTestId('timeline')).toHaveTextContent('We need something from you before we send this transfer');
    expect(screen.getByTestId('timeline-next')).toHaveTextContent('Once you answer, we send your money.');
    expect(await axeViolations(container)).toEqual([]);

    // Nothing filled in: each field says what is missing, nothing is sent.
    await user.click(within(held).getByRole('button', { name: 'Send my answer' }));
    expect(await within(held).findAllByText('Answer this question.')).toHaveLength(1);
    expect(within(held).getByText('Choose a document to upload.')).toBeVisible();
    expect(answers).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);

    await user.selectOptions(within(held).getByRole('combobox', { name: 'Where does the money come from?' }), 'salary');
    await user.upload(
      within(held).getByLabelText('A document that shows it'),
      nodeFile('payslip.pdf', 'application/pdf'),
    );
    await user.click(within(held).getByRole('button', { name: 'Send my answer' }));

    expect(await screen.findByTestId('transaction-notice')).toHaveTextContent(
      'Thank you: we have what we needed. Your money is on its way.',
    );
    expect(verification.uploads).toHaveLength(1);
    expect(verification.uploads[0]!.query).toEqual({
      document_category_id: String(address.id),
      document_type_id: String(evidence.id),
    });
    expect(answers).toEqual([
      { id: transfer.id, body: { answers: { source_of_funds: 'salary' }, document_ids: ['new-1'] } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('hold-panel')).not.toBeInTheDocument());
    expect(screen.getByTestId('timeline')).toHaveTextContent('Thank you: we have what we needed.');
  });

  it('shows the api’s 422 under each field, a refused upload under the file, and a 409 above the form', async () => {
    let next: 'upload' | '422' | '409' = 'upload';
    const { user, answers, verification } = setup(() => {
      if (next === '422')
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: {
              'answers.source_of_funds': ['Choose one of the options.'],
              document_ids: ['This document was not accepted: upload another one.'],
            },
          },
          { status: 422 },
        );
      if (next === '409')
        return HttpResponse.json(
          { message: 'This transfer is not on hold: there is nothing to answer.' },
          { status: 409 },
        );
      return undefined;
    });
    server.use(
      http.post('/client/v1/document/upload', () =>
        next === 'upload'
          ? HttpResponse.json(
              {
                message: 'Page 1 is damaged.',
                errors: { 'pages.0': ['Page 1 is damaged or incomplete: it could not be read.'] },
              },
              { status: 422 },
            )
          : undefined,
      ),
    );
    const held = await panel();
    await user.selectOptions(
      within(held).getByRole('combobox', { name: 'Where does the money come from?' }),
      'savings',
    );
    await user.upload(within(held).getByLabelText('A document that shows it'), nodeFile('scan.pdf', 'application/pdf'));
    await user.click(within(held).getByRole('button', { name: 'Send my answer' }));
    expect(await within(held).findByText('Page 1 is damaged or incomplete: it could not be read.')).toBeVisible();
    expect(within(held).getByLabelText('A document that shows it')).toHaveAttribute('aria-invalid', 'true');
    expect(answers).toEqual([]);

    next = '422';
    await user.click(within(held).getByRole('button', { name: 'Send my answer' }));
    expect(await within(held).findByText('Choose one of the options.')).toBeVisible();
    expect(within(held).getByText('This document was not accepted: upload another one.')).toBeVisible();
    // The refused file was not kept: the same file is uploaded again (accepted now), then the answer sent.
    expect(verification.uploads).toHaveLength(1);
    expect(answers).toHaveLength(1);

    next = '409';
    await user.click(within(held).getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByTestId('hold-error')).toHaveTextContent('This transfer is not on hold');
    // Uploaded once already: the answer names the same document, no new upload.
    expect(verification.uploads).toHaveLength(1);
    expect(answers.at(-1)!.body.document_ids).toEqual(['new-1']);
  });

  it('marks a held transfer "Action needed" in the list', async () => {
    const transfer = heldTransfer();
    const payments = paymentApi({
      transactions: [transfer, withStatus(awaitingTransfer({ id: '1c0e0e3a-0000-4000-8000-000000000077' }), 'paid')],
    });
    server.use(...payments.handlers);
    renderSignedIn('/transactions');
    await waitFor(() => expect(screen.getAllByTestId('transfer-item')).toHaveLength(2));
    expect(screen.getAllByTestId('hold-badge')).toHaveLength(1);
    expect(screen.getByTestId('hold-badge')).toHaveTextContent('Action needed');
  });
});
