import {
  referenceRules,
  ScheduleFrequency,
  SEND_CURRENCIES,
  TransferPurpose,
  type Recipient,
  type ScheduledTransfer,
} from '@remit/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { readShownError } from '@/lib/api-errors';
import { useSaveScheduledTransfer } from '../api/scheduled-transfers';
import { defaultValues, minorUnits, type ScheduleFormValues } from '../lib/schedule-form';

type Target = Pick<Recipient, 'id' | 'name' | 'country' | 'currency'>;

interface ScheduleFormProps {
  /** The recipient the transfer goes to (a new schedule), or the schedule to change. */
  recipient: Target;
  schedule?: ScheduledTransfer | undefined;
  /** Prefilled from "Schedule" on a past transfer: its amount and currency. */
  initial?: { source_amount?: string | undefined; source_currency?: string | undefined };
  onSaved: (saved: ScheduledTransfer) => void;
  onCancel: () => void;
}

type Field = 'amount' | 'source_currency' | 'frequency' | 'next_run_on' | 'purpose' | 'reference';
/** The api's field names → the form's. */
const SERVER_FIELD: Record<string, Field> = {
  source_amount: 'amount',
  target_amount: 'amount',
  source_currency: 'source_currency',
  frequency: 'frequency',
  next_run_on: 'next_run_on',
  purpose: 'purpose',
  reference: 'reference',
};

/**
 * A schedule's form (docs/product/scheduled-transfers.md): a fixed amount to send or to receive, the
 * currency sent from, how often and the first date, and the purpose and reference the destination
 * asks for. A new schedule and every change need a step-up: the http client asks for it.
 */
export function ScheduleForm({ recipient, schedule, initial, onSaved, onCancel }: ScheduleFormProps) {
  const { t } = useTranslation();
  const save = useSaveScheduledTransfer();
  const [formError, setFormError] = useState<string | null>(null);
  const hintId = useId();
  const rules = referenceRules(recipient.country);
  const editing = schedule !== undefined;
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<ScheduleFormValues>({
    defaultValues: defaultValues(
      schedule ?? {
        source_amount: initial?.source_amount ?? null,
        source_currency: initial?.source_currency ?? 'GBP',
        target_currency: recipient.currency,
      },
    ),
    shouldFocusError: true,
  });
  const side = watch('side');
  const sourceCurrency = watch('source_currency');
  const amountCurrency = side === 'target' ? recipient.currency : sourceCurrency;

  const submit = async (values: ScheduleFormValues) => {
    setFormError(null);
    const amount = minorUnits(values.amount, amountCurrency)!;
    const amounts = side === 'target' ? { target_amount: amount } : { source_amount: amount };
    try {
      const saved = editing
        ? await save.mutateAsync({
            id: schedule.id,
            body: { ...amounts, frequency: values.frequency, next_run_on: values.next_run_on },
          })
        : await save.mutateAsync({
            body: {
              recipient_id: recipient.id,
              source_currency: values.source_currency,
              ...amounts,
              frequency: values.frequency,
              next_run_on: values.next_run_on,
              ...(values.purpose ? { purpose: values.purpose } : {}),
              ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
            },
          });
      onSaved(saved);
    } catch (error) {
      const shown = await readShownError(error);
      if (!shown) return;
      let placed = false;
      for (const [field, message] of Object.entries(shown.fieldErrors)) {
        const name = SERVER_FIELD[field];
        if (name) {
          setError(name, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(shown.message ?? t('scheduledTransfers.actionError'));
    }
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => void handleSubmit(submit)(e)}
      aria-label={t(editing ? 'scheduledTransfers.editTitle' : 'scheduledTransfers.newTitle', {
        name: recipient.name,
      })}
      data-testid="schedule-form"
    >
      <p className="text-sm text-slate-700">{t('scheduledTransfers.form.howItWorks')}</p>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t('scheduledTransfers.form.amountSide')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['source', 'target'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900">
              <input type="radio" value={value} className="size-5" {...register('side')} />
              {t(value === 'source' ? 'scheduledTransfers.form.send' : 'scheduledTransfers.form.receive')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('scheduledTransfers.form.amount', { currency: amountCurrency })}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount', {
            validate: (v) => minorUnits(v, amountCurrency) !== null || t('scheduledTransfers.form.amountInvalid'),
          })}
        />
        <SelectField
          label={t('scheduledTransfers.form.currency')}
          disabled={editing}
          error={errors.source_currency?.message}
          {...register('source_currency')}
        >
          {SEND_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('scheduledTransfers.form.frequency')}
          error={errors.frequency?.message}
          {...register('frequency')}
        >
          {ScheduleFrequency.options.map((f) => (
            <option key={f} value={f}>
              {t(`scheduledTransfers.frequencyOptions.${f}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={t('scheduledTransfers.form.firstDate')}
          describedBy={hintId}
          error={errors.next_run_on?.message}
          {...register('next_run_on', { required: t('scheduledTransfers.form.dateRequired') })}
        />
      </div>
      <p id={hintId} className="-mt-3 text-sm text-slate-700">
        {t('scheduledTransfers.form.dateHint')}
      </p>
      {!editing && (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t('scheduledTransfers.form.purpose')}
            placeholder={t('transfer.details.choose')}
            error={errors.purpose?.message}
            {...register('purpose', {
              validate: (v) => !rules.purposeRequired || v !== '' || t('scheduledTransfers.form.purposeRequired'),
            })}
          >
            {TransferPurpose.options.map((p) => (
              <option key={p} value={p}>
                {t(`transfer.details.purposes.${p}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('scheduledTransfers.form.reference')}
            maxLength={rules.referenceMaxLength}
            autoComplete="off"
            error={errors.reference?.message}
            {...register('reference')}
          />
        </div>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormActions secondary={{ label: t('scheduledTransfers.form.cancel'), onClick: onCancel }}>
        <Button type="submit" loading={save.isPending}>
          {t('scheduledTransfers.form.save')}
        </Button>
      </FormActions>
    </form>
  );
}
