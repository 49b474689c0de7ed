import { zodResolver } from '@/lib/zod-resolver';
import { referenceRules, TransferPurpose, type Quote } from '@remit/contract';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { detailsSchema, type DetailsValues } from '../../lib/details-schema';

interface DetailsStepProps {
  quote: Quote;
  countryName: string;
  purpose: TransferPurpose | null;
  reference: string;
  /** Messages from the server (a 422 on purpose or reference at confirmation). */
  serverErrors: Partial<Record<keyof DetailsValues, string>>;
  /** Every change is kept (sessionStorage), so leaving and coming back resumes. */
  onChange: (values: { purpose: TransferPurpose | null; reference: string }) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 3: the purpose (required for some destinations) and the reference, with a counter. */
export function DetailsStep({
  quote,
  countryName,
  purpose,
  reference,
  serverErrors,
  onChange,
  onBack,
  onContinue,
}: DetailsStepProps) {
  const { t, i18n } = useTranslation();
  const rules = referenceRules(quote.target_country);
  const counterId = useId();
  const hintId = useId();
  const purposeHintId = useId();
  // The schema speaks the page's language.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const schema = useMemo(() => detailsSchema(t, quote.target_country), [t, i18n.language, quote.target_country]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DetailsValues>({
    resolver: zodResolver(schema),
    defaultValues: { purpose: purpose ?? '', reference },
    shouldFocusError: true,
  });

  // Server messages go under their fields; the first one gets the focus.
  useEffect(() => {
    const fields = (['purpose', 'reference'] as const).filter((f) => serverErrors[f]);
    for (const field of fields) setError(field, { type: 'server', message: serverErrors[field] });
    if (fields[0]) setFocus(fields[0]);
  }, [serverErrors, setError, setFocus]);

  useEffect(() => {
    const subscription = watch((values) => {
      const parsed = TransferPurpose.safeParse(values.purpose);
      onChange({ purpose: parsed.success ? parsed.data : null, reference: values.reference ?? '' });
    });
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  const typed = watch('reference') ?? '';

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => void handleSubmit(() => onContinue())(e)}>
      <SelectField
        label={rules.purposeRequired ? t('transfer.details.purpose') : t('transfer.details.purposeOptional')}
        placeholder={t('transfer.details.choose')}
        error={errors.purpose?.message}
        describedBy={rules.purposeRequired ? purposeHintId : undefined}
        aria-required={rules.purposeRequired || undefined}
        {...register('purpose')}
      >
        {TransferPurpose.options.map((p) => (
          <option key={p} value={p}>
            {t(`transfer.details.purposes.${p}`)}
          </option>
        ))}
      </SelectField>
      {rules.purposeRequired && (
        <p id={purposeHintId} className="-mt-3 text-sm text-slate-600">
          {t('transfer.details.purposeHint', { country: countryName })}
        </p>
      )}
      <div>
        <TextField
          label={t('transfer.details.reference')}
          autoComplete="off"
          error={errors.reference?.message}
          describedBy={`${hintId} ${counterId}`}
          {...register('reference')}
        />
        <div className="mt-1.5 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
          <p id={hintId}>{t('transfer.details.referenceHint')}</p>
          <p id={counterId} className={typed.length > rules.referenceMaxLength ? 'text-red-700' : undefined}>
            {t('transfer.details.counter', { count: typed.length, max: rules.referenceMaxLength })}
          </p>
        </div>
      </div>
      <FormActions layout="spread" secondary={{ label: t('transfer.back'), onClick: onBack }}>
        <Button type="submit">{t('transfer.continue')}</Button>
      </FormActions>
    </form>
  );
}
