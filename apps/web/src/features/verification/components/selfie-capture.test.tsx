import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { nodeFile, useNodeFormData } from '@/testing/verification-fixtures';
import { verificationApi } from '@/testing/verification-handlers';

/** A camera stand-in: getUserMedia answers a stream whose one track records stop(). */
function fakeCamera(answer: 'stream' | 'denied' | 'missing' = 'stream') {
  const track = { stop: vi.fn(), kind: 'video' };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(() => {
    if (answer === 'denied') return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    if (answer === 'missing') return Promise.reject(new DOMException('No camera', 'NotFoundError'));
    return Promise.resolve(stream);
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { track, getUserMedia };
}

function setup() {
  const api = verificationApi();
  server.use(...api.handlers);
  const user = userEvent.setup();
  const view = renderSignedIn('/account-verification/upload/selfie', api.customer());
  return { ...view, api, user };
}

beforeEach(async () => {
  await useNodeFormData(vi.stubGlobal);
  // jsdom has no media playback nor canvas: a frame is a small JPEG, named as the upload names it.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(nodeFile('selfie.jpg', 'image/jpeg', 'FRAME')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('selfie capture', () => {
  it('opens the front camera, walks through the liveness steps, captures, confirms and uploads', async () => {
    const camera = fakeCamera();
    const { user, api, pathname } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Selfie and liveness check' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // One type: no choice to make.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Good light, face the camera, no glasses, hat or mask.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start the camera' }));
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
    const video = await screen.findByTestId('selfie-video');
    expect(video).toHaveAccessibleName('Camera preview');
    expect((video as HTMLVideoElement).srcObject).toBeTruthy();

    const step = screen.getByTestId('liveness-step');
    expect(step).toHaveTextContent('Step 1 of 3: Look straight at the camera');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step).toHaveTextContent('Step 2 of 3: Slowly turn your head to the left');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step).toHaveTextContent('Step 3 of 3: Smile');
    await user.click(screen.getByRole('button', { name: 'Take the photo' }));

    // The capture to confirm; the camera is off.
    expect(await screen.findByText('Is your whole face clear, well lit and in the frame?')).toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Retake' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));

    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(api.uploads).toHaveLength(1);
    const [upload] = api.uploads;
    expect(upload?.query).toEqual({ document_category_id: '3', document_type_id: '31' });
    expect(upload?.parts.map(({ name, filename, value }) => [name, filename, value])).toEqual([
      ['pages', 'selfie.jpg', 'FRAME'],
      ['provider_token', undefined, 'provider-token'],
      ['liveness_token', undefined, 'liveness-token'],
    ]);
    expect(requestLog).toContain('GET /client/v1/account-verification/liveliness-token');
    expect(api.tokenQueries).toEqual([{ categoryId: '3', documentTypeId: '31' }]);
    expect(await screen.findByTestId('upload-notice')).toHaveTextContent('Thanks, we’ve got your selfie.');
  });

  it('retakes: the camera opens again from the first step', async () => {
    const camera = fakeCamera();
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Take the photo' }));
    await user.click(await screen.findByRole('button', { name: 'Retake' }));
    expect(await screen.findByTestId('liveness-step')).toHaveTextContent('Step 1 of 3');
    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('turns the camera off when leaving the screen', async () => {
    const camera = fakeCamera();
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }, { timeout: 5000 }));
    await screen.findByTestId('selfie-video');
    expect(camera.track.stop).not.toHaveBeenCalled();
    await router.navigate('/account-verification');
    await waitFor(() => expect(camera.track.stop).toHaveBeenCalled());
  });

  it('falls back to a photo from a file when the camera permission is refused', async () => {
    fakeCamera('denied');
    const { user, api, pathname } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }, { timeout: 5000 }));
    expect(await screen.findByText(/permission was refused/)).toBeInTheDocument();
    const input = screen.getByLabelText('Take or choose a photo of your face');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(input).toHaveAttribute('capture', 'user');
    expect(input).toHaveFocus();

    // Checked before anything is sent: a PDF is not a photo.
    await userEvent.setup({ applyAccept: false }).upload(input, nodeFile('face.pdf', 'application/pdf'));
    expect(screen.getByText('We can’t accept this type of file. Choose a JPEG or PNG file.')).toBeInTheDocument();

    await user.upload(input, nodeFile('face.png', 'image/png', 'FACE'));
    await user.click(await screen.findByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(pathname()).toBe('/account-verification'));
    expect(api.uploads[0]?.parts[0]).toMatchObject({ name: 'pages', filename: 'face.png', value: 'FACE' });
  });

  it('falls back too when there is no camera at all', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }, { timeout: 5000 }));
    expect(
      await screen.findByText('We couldn’t use a camera on this device. You can take or choose a photo instead.'),
    ).toBeInTheDocument();
    expect(within(document.body).getByLabelText('Take or choose a photo of your face')).toBeInTheDocument();
  });
});
