import type { HoldAnswerField, HoldNeed, Transaction, TransactionHold } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { SelectField } from '@/components/ui/select-field';
import { TextField, inputClass } from '@/components/ui/text-field';
import { uploadMultipart } from '@/features/verification';
import { readShownError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { answerHold } from '../api/answer-hold';

const ACCEPT = 'image/jpeg,image/png,image/heic,application/pdf,.jpg,.jpeg,.png,.heic,.pdf';

type DocumentNeed = Extract<HoldNeed, { kind: 'document' }>;
type Errors = Partial<Record<HoldAnswerField | 'document' | 'form', string>>;

interface HoldPanelProps {
  transaction: Transaction & { hold: TransactionHold };
  /** The transfer as the api answered (the hold cleared) and what to tell the customer. */
  onDone: (answer: Transaction, message: string) => void;
  /** The transfer changed meanwhile (a 409): read it again. */
  onStale: () => void;
}

/**
 * "We need something from you" (docs/product/holds.md#the-app): why the transfer is held, by when,
 * and a form for what its `needs` ask (a question, and a document uploaded through the verification
 * upload). Answered, the page shows the transfer on its way at once.
 */
export function HoldPanel({ transaction, onDone, onStale }: HoldPanelProps) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const { hold } = transaction;
  const answerNeeds = hold.needs.filter((n): n is Extract<HoldNeed, { kind: 'answer' }> => n.kind === 'answer');
  const documentNeed = hold.needs.find((n): n is DocumentNeed => n.kind === 'document');
  const [values, setValues] = useState<Partial<Record<HoldAnswerField, string>>>({});
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const uploaded = useRef<{ file: File; id: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = useMutation({
    mutationFn: async () => {
      let documentIds: string[] = [];
      if (documentNeed && file) {
        if (uploaded.current?.file !== file) {
          const doc = await uploadMultipart({
            categoryId: documentNeed.document_category_id,
            typeId: documentNeed.document_type_id,
            pages: [{ file, name: file.name }],
            signal: new AbortController().signal,
          }).catch((failure: unknown) => {
            throw new UploadFailed(failure);
          });
          uploaded.current = { file, id: doc.id };
        }
        documentIds = [uploaded.current.id];
      }
      const answers = Object.fromEntries(answerNeeds.map((n) => [n.field, (values[n.field] ?? '').trim()]));
      return answerHold(transaction.id, { answers, ...(documentNeed ? { document_ids: documentIds } : {}) });
    },
    onMutate: () => setErrors({}),
    onSuccess: (answer) => onDone(answer, t('holds.sent')),
    onError: async (failure) => {
      const upload = failure instanceof UploadFailed;
      const apiError = await readShownError(upload ? failure.cause : failure);
      if (!apiError) return;
      if (upload) {
        const first = Object.values(apiError.fieldErrors)[0];
        setErrors({ document: first ?? apiError.message ?? t('holds.uploadError') });
        return;
      }
      if (apiError.status === 409 || apiError.status === 404) {
        setErrors({ form: apiError.message ?? t('holds.error') });
        onStale();
        return;
      }
      const next: Errors = {};
      for (const need of answerNeeds) {
        const message = apiError.fieldErrors[`answers.${need.field}`];
        if (message) next[need.field] = message;
      }
      if (apiError.fieldErrors.document_ids) next.document = apiError.fieldErrors.document_ids;
      if (Object.keys(next).length === 0) next.form = apiError.message ?? t('holds.error');
      setErrors(next);
      focusFirstInvalid(formRef.current);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    for (const need of answerNeeds) {
      if (!(values[need.field] ?? '').trim()) missing[need.field] = t('holds.required.answer');
    }
    if (documentNeed && !file) missing.document = t('holds.required.document');
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      // After the errors render, the first invalid field takes the focus.
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    submit.mutate();
  };

  const fileErrorId = `${ids}-file-error`;
  const fileHintId = `${ids}-file-hint`;
  return (
    <Card className="border-2 border-amber-500 p-5 sm:p-8">
      <section aria-labelledby={`${ids}-hold`} className="space-y-4" data-testid="hold-panel">
        <h2 id={`${ids}-hold`} className="text-lg font-semibold text-slate-900">
          {t('holds.heading')}
        </h2>
        <p className="text-sm text-slate-800">{t('holds.intro')}</p>
        <p className="text-sm break-words text-slate-800" data-testid="hold-reason">
          {t(`holds.reasons.${hold.code}`)}
        </p>
        <p className="text-sm font-semibold text-slate-900" data-testid="hold-deadline">
          {t('holds.deadline', { date: formatDateTime(hold.deadline, i18n.language) })}
        </p>
        <div aria-live="assertive" aria-atomic="true">
          {errors.form && (
            <Alert tone="error" testId="hold-error">
              {errors.form}
            </Alert>
          )}
        </div>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" data-testid="hold-form">
          {answerNeeds.map((need) =>
            need.options ? (
              <SelectField
                key={need.field}
                name={need.field}
                label={t(`holds.fields.${need.field}`)}
                placeholder={t('holds.choose')}
                value={values[need.field] ?? ''}
                error={errors[need.field]}
                onChange={(e) => setValues((v) => ({ ...v, [need.field]: e.target.value }))}
              >
                {need.options.map((option) => (
                  <option key={option} value={option}>
                    {t(`holds.sources.${option}`, { defaultValue: option })}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField
                key={need.field}
                name={need.field}
                label={t(`holds.fields.${need.field}`)}
                value={values[need.field] ?? ''}
                maxLength={500}
                error={errors[need.field]}
                onChange={(e) => setValues((v) => ({ ...v, [need.field]: e.target.value }))}
              />
            ),
          )}
          {documentNeed && (
            <div>
              <FieldLabel htmlFor={`${ids}-file`}>{t('holds.document.label')}</FieldLabel>
              <input
                ref={fileRef}
                id={`${ids}-file`}
                type="file"
                accept={ACCEPT}
                aria-invalid={errors.document ? true : undefined}
                aria-describedby={[fileHintId, errors.document ? fileErrorId : undefined].filter(Boolean).join(' ')}
                className={cn(
                  inputClass,
                  'py-2.5 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5',
                  errors.document ? 'border-red-600' : 'border-slate-400',
                )}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="hold-file"
              />
              <p id={fileHintId} className="mt-1.5 text-sm text-slate-700">
                {t('holds.document.hint')}
              </p>
              <FieldError id={fileErrorId} message={errors.document} />
            </div>
          )}
          <Button type="submit" loading={submit.isPending} data-testid="hold-submit">
            {submit.isPending ? t('holds.sending') : t('holds.submit')}
          </Button>
        </form>
      </section>
    </Card>
  );
}

/** A failed upload of the document (its own messages, under the file field). */
class UploadFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('The document upload failed');
    this.name = 'UploadFailed';
  }
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
