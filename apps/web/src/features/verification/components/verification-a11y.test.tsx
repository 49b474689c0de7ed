import { verificationEndpoints } from '@remit/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildDocument, customerWithDocuments, nodeFile, useNodeFormData } from '@/testing/verification-fixtures';
import { verificationApi } from '@/testing/verification-handlers';

beforeEach(async () => {
  await useNodeFormData(vi.stubGlobal);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

// axe over whole screens is slow in jsdom.
const SLOW = { timeout: 30_000 };

describe('accessibility of the verification screens (axe)', () => {
  it('the overview: loading, error, and loaded with every status, reasons and thumbnails', SLOW, async () => {
    server.use(
      http.get(verificationEndpoints.listDocumentCategories.path, () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const failing = renderSignedIn('/account-verification', customerWithDocuments());
    await screen.findByRole('heading', { level: 1, name: 'Account verification' }, { timeout: 5000 });
    expect(await axeViolations(failing.container)).toEqual([]); // loading
    await screen.findByTestId('categories-error');
    expect(await axeViolations(failing.container)).toEqual([]);
    failing.unmount();

    const api = verificationApi({
      customer: customerWithDocuments([
        buildDocument('selfie', 'selfie', { status: 'in_review' }),
        buildDocument('proof_of_identity', 'national_id', {
          status: 'rejected',
          reasonCode: 'unreadable',
          pages: [{ side: 'front' }, { side: 'back', content_type: 'application/pdf' }],
        }),
        buildDocument('proof_of_identity', 'passport', { status: 'approved', reviewedAt: '2025-03-05T10:00:00.000Z' }),
      ]),
    });
    server.use(...api.handlers);
    const loaded = renderSignedIn('/account-verification', api.customer());
    await screen.findByTestId('category-proof_of_identity');
    expect(await axeViolations(loaded.container)).toEqual([]);
  });

  it('the upload screen: the type choice, pages with errors, and the not-found state', SLOW, async () => {
    const api = verificationApi();
    server.use(...api.handlers);
    const user = userEvent.setup({ applyAccept: false });
    const view = renderSignedIn('/account-verification/upload/1', api.customer());
    await user.click(await screen.findByRole('radio', { name: 'National ID card' }, { timeout: 5000 }));
    expect(await axeViolations(view.container)).toEqual([]);

    await user.upload(screen.getByLabelText('Choose a file: Front'), nodeFile('front.pdf', 'application/pdf'));
    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('notes.txt', 'text/plain'));
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    await screen.findByText('Enter the number shown on your document.');
    expect(await axeViolations(view.container)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Residence permit' }));
    await user.click(screen.getByRole('button', { name: 'Add a page' }));
    expect(await axeViolations(view.container)).toEqual([]);
    view.unmount();

    const missing = renderSignedIn('/account-verification/upload/404', api.customer());
    await screen.findByTestId('category-not-found');
    expect(await axeViolations(missing.container)).toEqual([]);
  });

  it('the selfie screen: the camera with its steps, and the file fallback', SLOW, async () => {
    const track = { stop: vi.fn() };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [track] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = verificationApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const view = renderSignedIn('/account-verification/upload/3', api.customer());
    const start = await screen.findByRole('button', { name: 'Start the camera' }, { timeout: 5000 });
    expect(await axeViolations(view.container)).toEqual([]);
    await user.click(start);
    await screen.findByTestId('selfie-video');
    expect(await axeViolations(view.container)).toEqual([]);
    view.unmount();

    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(() => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    });
    const fallback = renderSignedIn('/account-verification/upload/3', api.customer());
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }));
    await screen.findByLabelText('Take or choose a photo of your face');
    expect(await axeViolations(fallback.container)).toEqual([]);
  });
});
