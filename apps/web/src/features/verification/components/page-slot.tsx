import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/focus';
import { LineIcon } from '@/components/ui/icons';
import { FieldError } from '@/components/ui/field-error';
import { cn } from '@/lib/cn';
import { contentTypeOf, formatBytes, isPreviewable } from '../lib/files';
import { useObjectUrl } from '../lib/object-url';
import { ProgressBar } from './progress-bar';

const pickerClass = cn(
  'inline-flex min-h-10 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50',
  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700',
  'peer-disabled:cursor-not-allowed peer-disabled:bg-slate-100 peer-disabled:text-slate-600',
);

interface PageSlotProps {
  id: string;
  /** "Front", "Back", "Page 2". */
  label: string;
  file: File | null;
  error: string | null;
  /** Share sent so far while this page uploads on its own (direct upload); null otherwise. */
  progress: number | null;
  accept: string;
  disabled: boolean;
  /** Offer the phone's camera (capture="environment") beside the file picker. */
  camera: boolean;
  onFile: (file: File) => void;
  onClear: () => void;
  /** An extra page (beyond the type's minimum) can go. */
  onRemove?: (() => void) | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

function FileIcon({ pdf }: { pdf: boolean }) {
  return (
    <LineIcon className={cn('h-10 w-10 shrink-0', pdf ? 'text-red-700' : 'text-slate-600')} strokeWidth="1.5">
      <path d="M6 2.75h8l4.25 4.25v14.25H6z" strokeLinejoin="round" />
      <path d="M14 2.75V7h4.25" strokeLinejoin="round" />
      {pdf ? <path d="M9 15.5h6M9 12.5h6" strokeLinecap="round" /> : <path d="M8.5 17l2.5-3 2 2 1.5-1.5 1.5 2.5" />}
    </LineIcon>
  );
}

/**
 * One page of a document: drag and drop, the file picker, the camera on phones; a preview of the
 * chosen file (an image, or an icon with its name and size), its progress and its error.
 */
export function PageSlot({
  id,
  label,
  file,
  error,
  progress,
  accept,
  disabled,
  camera,
  onFile,
  onClear,
  onRemove,
  inputRef,
}: PageSlotProps) {
  const { t, i18n } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const contentType = file ? contentTypeOf(file) : null;
  const preview = useObjectUrl(file && isPreviewable(contentType) ? file : null);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const pickLabel = file ? t('verification.upload.replaceFile') : t('verification.upload.chooseFile');
  const action = (text: string) => t('verification.upload.slotAction', { action: text, slot: label });

  const pick = (files: FileList | null | undefined) => {
    const chosen = files?.[0];
    if (chosen) onFile(chosen);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      data-testid="page-slot"
      data-slot={label}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) pick(event.dataTransfer?.files);
      }}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border-2 border-dashed p-4 transition-colors',
        error ? 'border-red-600 bg-red-50/40' : dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p id={labelId} className="font-semibold text-slate-900">
          {label}
        </p>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            className={cn(
              'rounded px-1 text-sm font-semibold text-blue-800 hover:underline disabled:text-slate-600',
              focusRing,
            )}
          >
            {t('verification.upload.removePage', { slot: label })}
          </button>
        )}
      </div>

      {file ? (
        <div className="mt-3 flex min-w-0 flex-col gap-2">
          {preview ? (
            <img
              src={preview}
              alt={t('verification.upload.previewAlt', { slot: label })}
              className="h-36 w-full rounded-lg bg-slate-100 object-contain"
            />
          ) : (
            <FileIcon pdf={contentType === 'application/pdf'} />
          )}
          <p className="min-w-0 text-sm break-all text-slate-900" data-testid="slot-file-name">
            {file.name}
          </p>
          <p className="text-xs text-slate-700">{formatBytes(file.size, i18n.language)}</p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t('verification.upload.dropHint')}</p>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="relative">
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={accept}
            disabled={disabled}
            aria-label={action(pickLabel)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="peer sr-only"
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = ''; // the same file again still counts as a change
            }}
          />
          <label htmlFor={`${id}-file`} className={pickerClass}>
            {pickLabel}
          </label>
        </span>
        {camera && (
          <span className="relative">
            <input
              id={`${id}-camera`}
              type="file"
              accept={accept}
              capture="environment"
              aria-label={action(t('verification.upload.takePhoto'))}
              disabled={disabled}
              className="peer sr-only"
              onChange={(event) => {
                pick(event.target.files);
                event.target.value = '';
              }}
            />
            <label htmlFor={`${id}-camera`} className={pickerClass}>
              {t('verification.upload.takePhoto')}
            </label>
          </span>
        )}
        {file && (
          <button
            type="button"
            onClick={onClear}
            disabled={disabled}
            aria-label={action(t('verification.upload.removeFile'))}
            className={cn(
              'min-h-10 rounded-full px-3 text-sm font-semibold text-blue-800 hover:bg-blue-50 disabled:text-slate-600',
              focusRing,
            )}
          >
            {t('verification.upload.removeFile')}
          </button>
        )}
      </div>

      {progress !== null && (
        <ProgressBar value={progress} label={t('verification.upload.pageProgress', { slot: label })} />
      )}
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
