/** Why the camera cannot be used: permission refused, or no camera (or no camera API) here. */
export type CameraProblem = 'denied' | 'unavailable';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(`Camera ${problem}`);
    this.name = 'CameraError';
  }
}

/** The front camera, video only. Rejects with a CameraError. */
export async function openFrontCamera(): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media || typeof media.getUserMedia !== 'function') throw new CameraError('unavailable');
  try {
    return await media.getUserMedia({ video: { facingMode: 'user' }, audio: false });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    throw new CameraError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
  }
}

/** Turns the camera off (its light too). */
export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No frame'))), 'image/jpeg', 0.92),
  );
}
