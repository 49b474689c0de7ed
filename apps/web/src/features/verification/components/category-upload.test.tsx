import { verificationEndpoints } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildDocument, customerWithDocuments, nodeFile, useNodeFormData } from '@/testing/verification-fixtures';
import { EXTERNAL_STORAGE, verificationApi, type VerificationApiOptions } from '@/testing/verification-handlers';

const uploadPath = verificationEndpoints.uploadDocument.path;
const MB = 1024 * 1024;

function setup(path: string, options: VerificationApiOptions = {}) {
  const api = verificationApi(options);
  server.use(...api.handlers);
  const user = userEvent.setup({ applyAccept: false });
  const view = renderSignedIn(path, api.customer());
  return { ...view, api, user };
}

/** The slot of a page by its label ("Front", "Page 2"). */
const slot = (label: string) => {
  const found = screen.getAllByTestId('page-slot').find((element) => element.dataset.slot === label);
  if (!found) throw new Error(`No slot ${label}`);
  return found;
};

const uploadCalls = () => requestLog.filter((line) => line === `POST ${uploadPath}`).length;

/** A promise the test settles when it wants the request to answer. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

beforeEach(async () => {
  await useNodeFormData(vi.stubGlobal);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('category upload', () => {
  it('shows a not-found state for an unknown category', async () => {
    setup('/account-verification/upload/999');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'We couldn’t find this document category' },
        { timeout: 5000 }, // the first render loads the route's chunk
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to account verification/ })).toHaveAttribute(
      'href',
      '/account-verification',
    );
  });

  it('accepts the category code as well as its id', async () => {
    setup('/account-verification/upload/proof_of_address');
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of address' })).toBeInTheDocument();
  });

  it('offers the types as radio cards, then front and back slots with the document number', async () => {
    const { user } = setup('/account-verification/upload/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of identity' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Which document will you upload?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(within(group).getByRole('radio', { name: 'Passport' })).toHaveAccessibleDescription(
      'The page with your photo.',
    );
    expect(screen.queryByTestId('page-slot')).not.toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Driving licence' }));
    expect(screen.getByRole('heading', { name: 'Add your driving licence' })).toBeInTheDocument();
    expect(screen.getByText(/Photograph the front and the back on a flat, dark surface/)).toBeInTheDocument();
    expect(screen.getAllByTestId('page-slot').map((element) => element.dataset.slot)).toEqual(['Front', 'Back']);
    const front = screen.getByLabelText('Choose a file: Front');
    expect(front).toHaveAttribute('type', 'file');
    expect(front).toHaveAttribute('accept', 'image/jpeg,image/png,image/heic,application/pdf,.heic');
    expect(screen.getByLabelText('Choose a file: Back')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Licence number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a page' })).not.toBeInTheDocument();
  });

  it('refuses a file too large or of the wrong type on its slot, before any request', async () => {
    const { user } = setup('/account-verification/upload/1');
    await user.click(await screen.findByRole('radio', { name: 'Driving licence' }));

    await user.upload(screen.getByLabelText('Choose a file: Front'), nodeFile('front.jpg', 'image/jpeg', 12 * MB));
    expect(within(slot('Front')).getByText('This file is 12 MB. The largest we accept is 10 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file: Front')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Choose a file: Front')).toHaveFocus();

    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('notes.txt', 'text/plain'));
    expect(
      within(slot('Back')).getByText('We can’t accept this type of file. Choose a JPEG, PNG, HEIC, or PDF file.'),
    ).toBeInTheDocument();

    // A HEIC photo a browser does not name is recognised by its extension.
    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('IMG_0001.HEIC', ''));
    expect(within(slot('Back')).queryByText(/We can’t accept/)).not.toBeInTheDocument();
    expect(within(slot('Back')).getByTestId('slot-file-name')).toHaveTextContent('IMG_0001.HEIC');

    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(within(slot('Front')).getByText('This file is 12 MB. The largest we accept is 10 MB.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Licence number' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the number shown on your document.'),
    );
    expect(screen.getByLabelText('Choose a file: Front')).toHaveFocus();
    expect(uploadCalls()).toBe(0);
  });

  it('uploads a multipart document: pages in order, the document number, then the overview', async () => {
    const { user, api, pathname } = setup('/account-verification/upload/1');
    await user.click(await screen.findByRole('radio', { name: 'Driving licence' }));
    await user.upload(screen.getByLabelText('Choose a file: Front'), nodeFile('front.jpg', 'image/jpeg', 'FRONT'));
    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('back.pdf', 'application/pdf', 'BACK'));
    expect(within(slot('Back')).getByTestId('slot-file-name')).toHaveTextContent('back.pdf');
    await user.type(screen.getByRole('textbox', { name: 'Licence number' }), ' DL-123 ');
    await user.click(screen.getByRole('button', { name: 'Upload document' }));

    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(api.uploads).toHaveLength(1);
    const [upload] = api.uploads;
    expect(upload?.kind).toBe('multipart');
    expect(upload?.query).toEqual({ document_category_id: '1', document_type_id: '13' });
    expect(upload?.parts.map(({ name, filename, value }) => [name, filename, value])).toEqual([
      ['pages', 'front.jpg', 'FRONT'],
      ['pages', 'back.pdf', 'BACK'],
      ['document_number', undefined, 'DL-123'],
    ]);
    expect(api.tokenQueries).toHaveLength(0);

    expect(await screen.findByTestId('upload-notice')).toHaveTextContent(
      'Thanks, we’ve got your driving licence. We usually review within minutes',
    );
    const identity = await screen.findByTestId('category-proof_of_identity');
    expect(within(identity).getByTestId('status-chip')).toHaveTextContent('Pending');
    const [item] = screen.getAllByTestId('document-item');
    expect(within(item!).getByRole('heading', { name: 'Driving licence' })).toBeInTheDocument();
  });

  it('uploads straight into the api’s storage: a target per page, the PUTs, then the JSON submit', async () => {
    document.cookie = 'XSRF-TOKEN=test-token; path=/';
    const { user, api, pathname } = setup('/account-verification/upload/1');
    await user.click(await screen.findByRole('radio', { name: 'National ID card' }));
    await user.upload(screen.getByLabelText('Choose a file: Front'), nodeFile('id-front.png', 'image/png', 'FRONT'));
    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('id-back.jpg', 'image/jpeg', 'BACK'));
    await user.type(screen.getByRole('textbox', { name: 'ID card number' }), 'X1234');
    await user.click(screen.getByRole('button', { name: 'Upload document' }));

    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(api.tokenQueries.map((q) => [q.categoryId, q.documentTypeId, q.file_name, q.file_type]).sort()).toEqual([
      ['1', '12', 'id-back.jpg', 'image/jpeg'],
      ['1', '12', 'id-front.png', 'image/png'],
    ]);
    expect(api.puts).toHaveLength(2);
    const idOf = (body: string) => /uploads\/(up-\d+)/.exec(api.puts.find((put) => put.body === body)!.url)?.[1];
    const front = api.puts.find((put) => put.body === 'FRONT')!;
    expect(front.headers['content-type']).toBe('image/png');
    // The api's own target: the app's client, anti-forgery header included.
    expect(front.headers['x-xsrf-token']).toBe('test-token');
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0]?.kind).toBe('json');
    expect(api.uploads[0]?.query).toEqual({ document_category_id: '1', document_type_id: '12' });
    expect(api.uploads[0]?.json).toEqual({
      pages: [{ upload_id: idOf('FRONT') }, { upload_id: idOf('BACK') }],
      document_number: 'X1234',
    });
  });

  it('puts into another origin with exactly the target’s headers, and shows each page’s progress', async () => {
    const { user, api, pathname } = setup('/account-verification/upload/2', { storage: 'external' });
    await user.click(await screen.findByRole('radio', { name: 'Utility bill' }));
    await user.upload(screen.getByLabelText('Choose a file: Page 1'), nodeFile('bill.pdf', 'application/pdf', 'BILL'));
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(api.puts).toHaveLength(1);
    const [put] = api.puts;
    expect(put?.url).toMatch(new RegExp(`^${EXTERNAL_STORAGE}/up-1`));
    expect(put?.headers['content-type']).toBe('application/pdf');
    expect(put?.headers['x-xsrf-token']).toBeUndefined();
    expect(put?.headers['x-socket-id']).toBeUndefined();
    expect(put?.headers.cookie).toBeUndefined();
    expect(api.uploads[0]?.json).toEqual({ pages: [{ upload_id: 'up-1' }] });
  });

  it('adds numbered pages up to the maximum, and removes the extra ones', async () => {
    const { user } = setup('/account-verification/upload/2');
    await user.click(await screen.findByRole('radio', { name: 'Bank statement' }));
    expect(screen.getAllByTestId('page-slot')).toHaveLength(1);
    expect(within(slot('Page 1')).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a page' });
    await user.click(add);
    expect(screen.getByLabelText('Choose a file: Page 2')).toHaveFocus();
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByTestId('page-slot')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Add a page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Page 4' }));
    expect(screen.getAllByTestId('page-slot')).toHaveLength(3);
    expect(screen.getByLabelText('Choose a file: Page 3')).toHaveFocus();

    await user.upload(screen.getByLabelText('Choose a file: Page 1'), nodeFile('p1.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(within(slot('Page 2')).getByText('Add page 2, or remove it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file: Page 2')).toHaveFocus();
    expect(uploadCalls()).toBe(0);
  });

  it('shows a 422 on pages.1 on the back slot and the document number’s on its field', async () => {
    const { user, api } = setup('/account-verification/upload/1', {
      uploadAnswer: () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: {
              'pages.1': ['Page 2 is not a JPEG, PNG, HEIC or PDF file.'],
              document_number: ['This number is not valid.'],
            },
          },
          { status: 422 },
        ),
    });
    await user.click(await screen.findByRole('radio', { name: 'Driving licence' }));
    await user.upload(screen.getByLabelText('Choose a file: Front'), nodeFile('front.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText('Choose a file: Back'), nodeFile('back.jpg', 'image/jpeg'));
    await user.type(screen.getByRole('textbox', { name: 'Licence number' }), 'DL-1');
    await user.click(screen.getByRole('button', { name: 'Upload document' }));

    expect(await within(slot('Back')).findByText('Page 2 is not a JPEG, PNG, HEIC or PDF file.')).toBeInTheDocument();
    expect(within(slot('Front')).queryByText(/not a JPEG/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Licence number' })).toHaveAccessibleDescription(
      expect.stringContaining('This number is not valid.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    await waitFor(() => expect(screen.getByLabelText('Choose another file: Back')).toHaveFocus());
    expect(api.uploads).toHaveLength(1);
  });

  it('sends once however often Upload is pressed, shows the progress, cancels and retries', async () => {
    const held = gate();
    let calls = 0;
    const { user, api, pathname } = setup('/account-verification/upload/1', {
      // The first upload is held until the test opens the gate (it is cancelled meanwhile).
      uploadAnswer: () => {
        calls += 1;
        return undefined;
      },
    });
    server.use(
      http.post(uploadPath, async ({ request }) => {
        if (calls > 0) return undefined; // the api's handler answers the retry
        calls += 1;
        requestLog.push(`POST ${new URL(request.url).pathname}`);
        await held.opened;
        return HttpResponse.json({ message: 'Too late' }, { status: 500 });
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Passport' }));
    await user.upload(screen.getByLabelText('Choose a file: Page 1'), nodeFile('passport.jpg', 'image/jpeg'));
    await user.type(screen.getByRole('textbox', { name: 'Passport number' }), 'P123');
    const submit = screen.getByRole('button', { name: 'Upload document' });
    await user.dblClick(submit);
    await user.click(submit);
    expect(await screen.findByTestId('upload-status')).toHaveTextContent('Uploading your document…');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByLabelText('Choose another file: Page 1')).toBeDisabled();
    expect(uploadCalls()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(
      await screen.findByText('Upload cancelled. Your files are still here when you’re ready.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
    held.open();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(uploadCalls()).toBe(2);
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0]?.parts.map((part) => part.filename ?? part.value)).toEqual(['passport.jpg', 'P123']);
  });

  it('says when the upload failed, and keeps the files for another try', async () => {
    let fail = true;
    const { user, pathname } = setup('/account-verification/upload/1', {
      uploadAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    await user.click(await screen.findByRole('radio', { name: 'Residence permit' }));
    await user.upload(screen.getByLabelText('Choose a file: Page 1'), nodeFile('permit.jpg', 'image/jpeg'));
    await user.type(screen.getByRole('textbox', { name: 'Permit number' }), 'RP-9');
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t upload your document. Check your connection and try again.',
    );
    expect(within(slot('Page 1')).getByTestId('slot-file-name')).toHaveTextContent('permit.jpg');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(pathname()).toBe('/account-verification'));
  });

  it('previews an image through an object URL, revoked when the file goes', async () => {
    const create = vi.fn(() => 'blob:preview-1');
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: create, revokeObjectURL: revoke }));
    const { user } = setup('/account-verification/upload/1');
    await user.click(await screen.findByRole('radio', { name: 'Passport' }));
    await user.upload(screen.getByLabelText('Choose a file: Page 1'), nodeFile('passport.jpg', 'image/jpeg'));
    expect(within(slot('Page 1')).getByRole('img', { name: 'Preview: Page 1' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.click(screen.getByRole('button', { name: 'Remove the file: Page 1' }));
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
    expect(within(slot('Page 1')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says what happened to the last document of the category', async () => {
    const rejected = buildDocument('proof_of_identity', 'passport', { status: 'rejected', reasonCode: 'incomplete' });
    const api = verificationApi({ customer: customerWithDocuments([rejected]) });
    server.use(...api.handlers);
    renderSignedIn('/account-verification/upload/1', api.customer());
    const note = await screen.findByTestId('current-document');
    expect(note).toHaveTextContent('We couldn’t accept your last passport. Please upload it again.');
    expect(note).toHaveTextContent('Reason: Some pages or parts of the document were missing.');
  });
});
