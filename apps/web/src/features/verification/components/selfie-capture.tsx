import type { Document, DocumentType } from '@remit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-errors';
import { fetchProviderTokens, uploadMultipart, type ProviderTokens } from '../api/upload-document';
import { CameraError, captureFrame, openFrontCamera, stopCamera, type CameraProblem } from '../lib/camera';
import { checkFile, formatBytes, formatTypeNames } from '../lib/files';
import { useObjectUrl } from '../lib/object-url';
import { useVerificationTexts } from '../lib/texts';
import { ProgressBar } from './progress-bar';
import { Tips } from './tips';

type Stage =
  | { name: 'intro' }
  | { name: 'starting' }
  | { name: 'camera'; step: number }
  | { name: 'fallback' }
  | { name: 'review'; photo: Blob; from: 'camera' | 'fallback' };

type Phase = 'idle' | 'sending' | 'cancelled' | 'failed';

/** Tokens with less than this left are fetched again before the upload. */
const TOKEN_MARGIN_MS = 30_000;

interface SelfieCaptureProps {
  categoryId: number;
  /** A type with an `api` (docs/product/account-verification.md#provider-flows). */
  type: DocumentType & { api: string };
  onUploaded: (document: Document) => void;
}

const fileName = (photo: Blob) =>
  typeof (photo as { name?: unknown }).name === 'string' ? (photo as File).name : 'selfie.jpg';

/**
 * The provider flow of a type with an `api` (the selfie): the front camera, the liveness steps one
 * by one, a frame captured as a JPEG to confirm or retake, then one multipart upload with the
 * provider and liveness tokens. Without a camera, or when permission is refused, a photo from a file
 * (or the phone's camera app). The camera is turned off after the capture and when leaving.
 */
export function SelfieCapture({ categoryId, type, onUploaded }: SelfieCaptureProps) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const id = useId();
  const [stage, setStage] = useState<Stage>({ name: 'intro' });
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [tokens, setTokens] = useState<ProviderTokens | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const mounted = useRef(true);
  const sending = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);

  const photo = stage.name === 'review' ? stage.photo : null;
  const previewUrl = useObjectUrl(photo);
  const busy = phase === 'sending';
  const steps = tokens?.steps ?? [];

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopCamera(stream.current);
      stream.current = null;
      controller.current?.abort();
    };
  }, []);

  // The live picture: the stream goes into the <video> once it is on screen.
  useEffect(() => {
    const video = videoRef.current;
    if (stage.name !== 'camera' || !video || !stream.current) return;
    if (video.srcObject !== stream.current) {
      video.srcObject = stream.current;
      try {
        void Promise.resolve(video.play()).catch(() => undefined);
      } catch {
        // autoplay handles it
      }
    }
  }, [stage]);

  // Each new stage puts the keyboard on its first action.
  useEffect(() => {
    if (stage.name === 'intro' || stage.name === 'starting') return;
    actionsRef.current?.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled])')?.focus();
  }, [stage.name]);

  async function getTokens(): Promise<ProviderTokens> {
    if (tokens && tokens.expiresAt - Date.now() > TOKEN_MARGIN_MS) return tokens;
    const fresh = await fetchProviderTokens(categoryId, type.id, type.api);
    if (mounted.current) setTokens(fresh);
    return fresh;
  }

  async function start() {
    setStage({ name: 'starting' });
    setStartError(null);
    setPhotoError(null);
    const [tokenResult, cameraResult] = await Promise.allSettled([getTokens(), openFrontCamera()]);
    if (!mounted.current) {
      if (cameraResult.status === 'fulfilled') stopCamera(cameraResult.value);
      return;
    }
    if (tokenResult.status === 'rejected') {
      if (cameraResult.status === 'fulfilled') stopCamera(cameraResult.value);
      setStartError(t('verification.selfie.tokenError'));
      setStage({ name: 'intro' });
      return;
    }
    if (cameraResult.status === 'rejected') {
      const reason: unknown = cameraResult.reason;
      setProblem(reason instanceof CameraError ? reason.problem : 'unavailable');
      setStage({ name: 'fallback' });
      return;
    }
    stopCamera(stream.current);
    stream.current = cameraResult.value;
    setStage({ name: 'camera', step: 0 });
  }

  async function capture() {
    const video = videoRef.current;
    if (!video) return;
    try {
      const frame = await captureFrame(video);
      stopCamera(stream.current);
      stream.current = null;
      if (mounted.current) setStage({ name: 'review', photo: frame, from: 'camera' });
    } catch {
      setPhotoError(t('verification.selfie.captureFailed'));
    }
  }

  function chooseFile(file: File | undefined) {
    if (!file) return;
    const issue = checkFile(file, type);
    if (issue) {
      setPhotoError(
        issue === 'wrongType'
          ? t('verification.upload.fileWrongType', { types: formatTypeNames(type.accepted_types, texts.language) })
          : issue === 'tooLarge'
            ? t('verification.upload.fileTooLarge', {
                size: formatBytes(file.size, texts.language),
                max: formatBytes(type.max_page_bytes, texts.language),
              })
            : t('verification.upload.fileEmpty'),
      );
      return;
    }
    setPhotoError(null);
    setStage({ name: 'review', photo: file, from: 'fallback' });
  }

  function again() {
    setFailure(null);
    setPhase('idle');
    setPhotoError(null);
    if (stage.name === 'review' && stage.from === 'camera') void start();
    else setStage({ name: 'fallback' });
  }

  async function upload() {
    if (!photo || sending.current) return;
    if (photo.size > type.max_page_bytes) {
      setPhotoError(
        t('verification.upload.fileTooLarge', {
          size: formatBytes(photo.size, texts.language),
          max: formatBytes(type.max_page_bytes, texts.language),
        }),
      );
      return;
    }
    sending.current = true;
    const attempt = new AbortController();
    controller.current = attempt;
    setPhase('sending');
    setFailure(null);
    setPhotoError(null);
    setProgress(0);
    try {
      const current = await getTokens();
      attempt.signal.throwIfAborted();
      const document = await uploadMultipart({
        categoryId,
        typeId: type.id,
        pages: [{ file: photo, name: fileName(photo) }],
        providerToken: current.providerToken,
        livenessToken: current.livenessToken,
        signal: attempt.signal,
        onProgress: setProgress,
      });
      onUploaded(document);
    } catch (error) {
      if (!mounted.current) return;
      if (attempt.signal.aborted) {
        setPhase('cancelled');
        return;
      }
      const apiError = await readApiError(error);
      const pageError = apiError.fieldErrors['pages.0'] ?? apiError.fieldErrors.pages;
      if (apiError.status === 422 && pageError) {
        setPhotoError(pageError);
      } else {
        // A refused token is not used again.
        if (apiError.status === 422) setTokens(null);
        const answered = apiError.status !== null && apiError.status < 500;
        setFailure(answered && apiError.message ? apiError.message : t('verification.upload.failed'));
      }
      setPhase('failed');
    } finally {
      sending.current = false;
      if (controller.current === attempt) controller.current = null;
    }
  }

  const step = stage.name === 'camera' ? stage.step : 0;
  const currentStep = steps[step];
  const lastStep = step >= steps.length - 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {texts.typeTitle(type)}
      </h2>
      <Tips text={texts.typeInfo(type)} />

      {(stage.name === 'intro' || stage.name === 'starting') && (
        <div className="space-y-4">
          <p className="text-slate-700">{t('verification.selfie.intro')}</p>
          {startError && <Alert tone="error">{startError}</Alert>}
          {stage.name === 'starting' ? (
            <Spinner label={t('verification.selfie.starting')} />
          ) : (
            <Button onClick={() => void start()} className="w-full sm:w-auto">
              {t('verification.selfie.start')}
            </Button>
          )}
        </div>
      )}

      {stage.name === 'camera' && (
        <div className="space-y-4">
          <video
            ref={videoRef}
            autoPlay
            muted
            playsInline
            aria-label={t('verification.selfie.videoLabel')}
            data-testid="selfie-video"
            className="aspect-[4/3] w-full max-w-md -scale-x-100 rounded-xl bg-slate-900 object-cover"
          />
          <p
            aria-live="polite"
            aria-atomic="true"
            className="text-lg font-semibold text-slate-900"
            data-testid="liveness-step"
          >
            {currentStep
              ? t('verification.selfie.step', {
                  number: String(step + 1),
                  total: String(steps.length),
                  instruction: texts.step(currentStep),
                })
              : ''}
          </p>
          <FieldError id={`${id}-capture-error`} message={photoError ?? undefined} />
          <div ref={actionsRef} className="flex flex-wrap gap-3">
            {lastStep ? (
              <Button onClick={() => void capture()} className="w-full sm:w-auto">
                {t('verification.selfie.capture')}
              </Button>
            ) : (
              <Button onClick={() => setStage({ name: 'camera', step: step + 1 })} className="w-full sm:w-auto">
                {t('verification.selfie.next')}
              </Button>
            )}
          </div>
        </div>
      )}

      {stage.name === 'fallback' && (
        <div className="space-y-4">
          <Alert tone="info">
            {problem === 'denied' ? t('verification.selfie.cameraDenied') : t('verification.selfie.cameraUnavailable')}
          </Alert>
          <div ref={actionsRef}>
            <span className="relative inline-block">
              <input
                id={`${id}-file`}
                type="file"
                accept="image/jpeg,image/png"
                capture="user"
                aria-invalid={photoError ? true : undefined}
                aria-describedby={[`${id}-hint`, photoError ? `${id}-file-error` : ''].filter(Boolean).join(' ')}
                className="peer sr-only"
                onChange={(event) => {
                  chooseFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <label
                htmlFor={`${id}-file`}
                className="inline-flex min-h-12 cursor-pointer items-center rounded-full bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
              >
                {t('verification.selfie.fallbackLabel')}
              </label>
            </span>
            <p id={`${id}-hint`} className="mt-2 text-sm text-slate-700">
              {t('verification.selfie.fallbackHint')}
            </p>
            <FieldError id={`${id}-file-error`} message={photoError ?? undefined} />
          </div>
        </div>
      )}

      {stage.name === 'review' && (
        <div className="space-y-4">
          {previewUrl && (
            <img
              src={previewUrl}
              alt={t('verification.selfie.previewAlt')}
              className="aspect-[4/3] w-full max-w-md rounded-xl bg-slate-100 object-contain"
            />
          )}
          <p className="text-slate-800">{t('verification.selfie.confirmQuestion')}</p>
          <FieldError id={`${id}-photo-error`} message={photoError ?? undefined} />
          {failure && <Alert tone="error">{failure}</Alert>}
          {phase === 'cancelled' && <Alert tone="info">{t('verification.upload.cancelled')}</Alert>}
          <p aria-live="polite" className="text-sm text-slate-800" data-testid="upload-status">
            {busy ? t('verification.upload.sending') : ''}
          </p>
          {busy && progress !== null && (
            <ProgressBar value={progress} label={t('verification.upload.progress')} testId="upload-progress" />
          )}
          <div ref={actionsRef} className="flex flex-wrap gap-3">
            <Button onClick={() => void upload()} loading={busy} className="w-full sm:w-auto">
              {phase === 'failed' || phase === 'cancelled'
                ? t('verification.upload.retry')
                : t('verification.selfie.usePhoto')}
            </Button>
            {busy ? (
              <Button variant="secondary" onClick={() => controller.current?.abort()} className="w-full sm:w-auto">
                {t('verification.upload.cancel')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={again} className="w-full sm:w-auto">
                {stage.from === 'camera' ? t('verification.selfie.retake') : t('verification.selfie.chooseAnother')}
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
