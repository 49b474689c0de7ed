import type { Document, DocumentType, PageSide } from '@remit/contract';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { readApiError } from '@/lib/api-errors';
import { storePage, submitDirectUpload, uploadMultipart, type StoredPage } from '../api/upload-document';
import { acceptAttribute, checkFile, contentTypeOf, formatBytes, formatTypeNames } from '../lib/files';
import { useVerificationTexts } from '../lib/texts';
import { PageSlot } from './page-slot';
import { ProgressBar } from './progress-bar';
import { Tips } from './tips';

interface Slot {
  key: number;
  side: PageSide | null;
  file: File | null;
  error: string | null;
  /** This page's share sent (direct upload only). */
  progress: number | null;
  /** Already in storage (direct upload): sent again only once its target has expired. */
  stored: StoredPage | null;
}

type Phase = 'idle' | 'sending' | 'cancelled' | 'failed';

/** A document number is at most this long (DirectUploadSubmission). */
const NUMBER_MAX = 64;
/** A stored page is reused by a retry only while its target has this long left. */
const REUSE_MARGIN_MS = 60_000;

let nextKey = 0;
const newSlot = (side: PageSide | null): Slot => ({
  key: nextKey++,
  side,
  file: null,
  error: null,
  progress: null,
  stored: null,
});

function initialSlots(type: DocumentType): Slot[] {
  if (type.sides) return type.sides.map(newSlot);
  return Array.from({ length: Math.max(1, type.min_pages) }, () => newSlot(null));
}

/** Phones and tablets: the file picker gets a "Take a photo" companion. */
function hasCoarsePointer(): boolean {
  try {
    return globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;
  } catch {
    return false;
  }
}

interface PagesFormProps {
  categoryId: number;
  type: DocumentType;
  onUploaded: (document: Document) => void;
}

/**
 * The pages of a document type and its number, checked before anything is sent, then uploaded once:
 * straight into storage page by page (public_upload types) or in one multipart call, with progress,
 * Cancel and retry; the api's 422 messages go to their page or field.
 */
export function PagesForm({ categoryId, type, onUploaded }: PagesFormProps) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const formId = useId();
  const [slots, setSlots] = useState<Slot[]>(() => initialSlots(type));
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [camera] = useState(hasCoarsePointer);
  /** Incremented to move focus to the first field in error once it is on screen. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusSlot = useRef<number | null>(null);
  const sending = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const numberLabel = texts.numberLabel(type);
  const busy = phase === 'sending';
  const accept = acceptAttribute(type);
  const typeNames = formatTypeNames(type.accepted_types, texts.language);

  // Leaving the screen (or choosing another type) stops an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (focusSlot.current === null) return;
    inputs.current.get(focusSlot.current)?.focus();
    focusSlot.current = null;
  }, [slots]);

  const slotLabel = useCallback((slot: Slot, index: number) => texts.pageLabel(slot.side, index + 1), [texts]);

  const update = (key: number, change: Partial<Slot>) =>
    setSlots((current) => current.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)));

  function chooseFile(key: number, file: File) {
    const problem = checkFile(file, type);
    const error =
      problem === 'wrongType'
        ? t('verification.upload.fileWrongType', { types: typeNames })
        : problem === 'tooLarge'
          ? t('verification.upload.fileTooLarge', {
              size: formatBytes(file.size, texts.language),
              max: formatBytes(type.max_page_bytes, texts.language),
            })
          : problem === 'empty'
            ? t('verification.upload.fileEmpty')
            : null;
    update(key, { file: error ? null : file, error, stored: null, progress: null });
    if (error) setFocusRequest((n) => n + 1);
  }

  function missingMessage(slot: Slot, index: number): string {
    if (slot.side === 'front') return t('verification.upload.missingFront');
    if (slot.side === 'back') return t('verification.upload.missingBack');
    return index < type.min_pages
      ? t('verification.upload.missingRequiredPage', { number: String(index + 1) })
      : t('verification.upload.missingPage', { number: String(index + 1) });
  }

  /** The checks before sending; false (with the messages shown) when something is missing. */
  function validate(): boolean {
    const missing = new Map<number, string>();
    slots.forEach((slot, index) => {
      if (!slot.file) missing.set(slot.key, slot.error ?? missingMessage(slot, index));
    });
    if (missing.size > 0) {
      setSlots((current) =>
        current.map((slot) => (missing.has(slot.key) ? { ...slot, error: missing.get(slot.key) ?? null } : slot)),
      );
    }
    let numberOk = true;
    if (numberLabel !== null) {
      const value = number.trim();
      const error =
        value === ''
          ? t('verification.upload.documentNumberRequired')
          : value.length > NUMBER_MAX
            ? t('verification.upload.documentNumberTooLong')
            : null;
      setNumberError(error);
      numberOk = error === null;
    }
    return missing.size === 0 && numberOk;
  }

  async function send(signal: AbortSignal, files: { key: number; file: File; stored: StoredPage | null }[]) {
    const documentNumber = numberLabel !== null ? number.trim() : undefined;
    if (!type.public_upload) {
      setProgress(0);
      return uploadMultipart({
        categoryId,
        typeId: type.id,
        pages: files.map(({ file }) => ({ file, name: file.name })),
        documentNumber,
        signal,
        onProgress: setProgress,
      });
    }
    // Every page into storage (in parallel, each with its progress), then the document by upload ids.
    const results = await Promise.allSettled(
      files.map(async ({ key, file, stored }) => {
        if (stored && stored.expiresAt - Date.now() > REUSE_MARGIN_MS) {
          update(key, { progress: 1 });
          return stored;
        }
        update(key, { progress: 0 });
        const page = await storePage({
          categoryId,
          typeId: type.id,
          file,
          name: file.name,
          contentType: contentTypeOf(file) ?? file.type,
          signal,
          onProgress: (fraction) => update(key, { progress: fraction }),
        });
        update(key, { stored: page, progress: 1 });
        return page;
      }),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const uploadIds = results.map((result) => (result as PromiseFulfilledResult<StoredPage>).value.uploadId);
    try {
      return await submitDirectUpload({ categoryId, typeId: type.id, uploadIds, documentNumber, signal });
    } catch (error) {
      // The api may have used the upload ids: a retry stores every page again.
      setSlots((current) => current.map((slot) => ({ ...slot, stored: null })));
      throw error;
    }
  }

  async function showFailure(error: unknown, keys: number[]) {
    const apiError = await readApiError(error);
    const fields = Object.entries(apiError.fieldErrors);
    if (apiError.status === 422 && fields.length > 0) {
      const messages = new Map<number, string>();
      const other: string[] = [];
      for (const [field, message] of fields) {
        const page = /^pages\.(\d+)/.exec(field);
        const key = page ? keys[Number(page[1])] : undefined;
        if (key !== undefined) messages.set(key, message);
        else if (field === 'document_number' && numberLabel !== null) setNumberError(message);
        else other.push(message);
      }
      if (messages.size > 0) {
        setSlots((current) =>
          current.map((slot) => (messages.has(slot.key) ? { ...slot, error: messages.get(slot.key) ?? null } : slot)),
        );
      }
      setFailure(other[0] ?? t('verification.upload.checkErrors'));
      setFocusRequest((n) => n + 1);
    } else {
      const answered = apiError.status !== null && apiError.status < 500;
      setFailure(answered && apiError.message ? apiError.message : t('verification.upload.failed'));
    }
    setPhase('failed');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return; // one upload at a time, whatever the clicks
    setFailure(null);
    if (!validate()) {
      setFocusRequest((n) => n + 1);
      return;
    }
    sending.current = true;
    const attempt = new AbortController();
    controller.current = attempt;
    const files = slots.map((slot) => ({ key: slot.key, file: slot.file as File, stored: slot.stored }));
    setSlots((current) => current.map((slot) => ({ ...slot, error: null, progress: null })));
    setNumberError(null);
    setPhase('sending');
    try {
      const document = await send(attempt.signal, files);
      onUploaded(document);
    } catch (error) {
      if (attempt.signal.aborted) {
        setPhase('cancelled');
        setProgress(null);
        setSlots((current) => current.map((slot) => ({ ...slot, progress: null })));
      } else {
        await showFailure(
          error,
          files.map((f) => f.key),
        );
      }
    } finally {
      sending.current = false;
      if (controller.current === attempt) controller.current = null;
    }
  }

  function addPage() {
    const slot = newSlot(null);
    focusSlot.current = slot.key;
    setSlots((current) => [...current, slot]);
  }

  function removePage(key: number) {
    // Focus goes to the page before the one removed.
    const index = slots.findIndex((slot) => slot.key === key);
    focusSlot.current = slots[index - 1]?.key ?? null;
    setSlots((current) => current.filter((slot) => slot.key !== key));
  }

  const intro = type.sides
    ? t('verification.upload.pagesIntroSides')
    : type.max_pages > 1
      ? t('verification.upload.pagesIntroNumbered', { max: String(type.max_pages) })
      : t('verification.upload.pagesIntroOne');

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`} className="text-lg font-semibold text-slate-900">
        {t('verification.upload.pagesHeading', { type: texts.typeName(type) })}
      </h2>
      <p className="mt-1 text-slate-700">{intro}</p>
      <p className="mt-1 text-sm text-slate-700">
        {t('verification.upload.acceptedFiles', {
          types: typeNames,
          size: formatBytes(type.max_page_bytes, texts.language),
        })}
      </p>
      <div className="mt-4">
        <Tips text={texts.typeInfo(type)} />
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {slots.map((slot, index) => (
          <PageSlot
            key={slot.key}
            id={`${formId}-page-${slot.key}`}
            label={slotLabel(slot, index)}
            file={slot.file}
            error={slot.error}
            progress={slot.progress}
            accept={accept}
            disabled={busy}
            camera={camera}
            onFile={(file) => chooseFile(slot.key, file)}
            onClear={() => update(slot.key, { file: null, error: null, stored: null, progress: null })}
            onRemove={!type.sides && index >= type.min_pages ? () => removePage(slot.key) : undefined}
            inputRef={(element) => {
              if (element) inputs.current.set(slot.key, element);
              else inputs.current.delete(slot.key);
            }}
          />
        ))}
      </div>
      {!type.sides && slots.length < type.max_pages && (
        <Button variant="secondary" className="mt-4" onClick={addPage} disabled={busy}>
          {t('verification.upload.addPage')}
        </Button>
      )}

      {numberLabel !== null && (
        <TextField
          className="mt-6"
          label={numberLabel}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={numberError ?? undefined}
          describedBy={`${formId}-number-hint`}
          autoComplete="off"
          disabled={busy}
          id={`${formId}-number`}
        />
      )}
      {numberLabel !== null && (
        <p id={`${formId}-number-hint`} className="mt-1.5 text-sm text-slate-700">
          {t('verification.upload.documentNumberHint')}
        </p>
      )}

      <div className="mt-6 space-y-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        {phase === 'cancelled' && <Alert tone="info">{t('verification.upload.cancelled')}</Alert>}
        {/* What is happening, said once (the bars themselves are not announced). */}
        <p aria-live="polite" className="text-sm text-slate-800" data-testid="upload-status">
          {busy ? t('verification.upload.sending') : ''}
        </p>
        {busy && progress !== null && (
          <ProgressBar value={progress} label={t('verification.upload.progress')} testId="upload-progress" />
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {phase === 'failed' || phase === 'cancelled'
            ? t('verification.upload.retry')
            : t('verification.upload.submit')}
        </Button>
        {busy && (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => controller.current?.abort()}>
            {t('verification.upload.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
