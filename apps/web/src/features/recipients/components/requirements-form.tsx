import type { RecipientDetails, RequirementField } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { fieldLabelClass } from '@/components/ui/field-label';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { detailKey, type FormErrors } from '../lib/details';

interface RequirementsFormProps {
  /** The requirements answer's fields, in order. */
  fields: readonly RequirementField[];
  values: RecipientDetails;
  /** Messages by `details.<key>` (the client's own checks and the api's 422). */
  errors: FormErrors;
  onChange: (key: string, value: string) => void;
  /** A field with `refresh_requirements_on_change` got a new value: ask the requirements again. */
  onRefresh: (details: RecipientDetails) => void;
  /** The requirements are being asked again (the fields may change). */
  refreshing?: boolean;
  disabled?: boolean;
}

/**
 * The recipient details form generated from the requirements schema
 * (docs/product/money-movement.md#recipients): text, select, radio and date fields with their example
 * as a hint; a field that refreshes the requirements asks them again with the details so far, and
 * the values typed so far stay. Shared by the recipients screens and the transfer wizard.
 */
export function RequirementsForm({
  fields,
  values,
  errors,
  onChange,
  onRefresh,
  refreshing = false,
  disabled = false,
}: RequirementsFormProps) {
  const { t } = useTranslation();
  const change = (field: RequirementField, value: string) => {
    onChange(field.key, value);
    if (field.refresh_requirements_on_change) onRefresh({ ...values, [field.key]: value });
  };
  return (
    <div className="space-y-4" aria-busy={refreshing || undefined} data-testid="requirements-form">
      {fields.map((field) => (
        <RequirementInput
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          error={errors[detailKey(field.key)]}
          disabled={disabled}
          onChange={(value) => change(field, value)}
          exampleLabel={field.example ? t('recipients.form.example', { example: field.example }) : undefined}
          optionalLabel={t('recipients.form.optional')}
          chooseLabel={t('recipients.form.choose')}
        />
      ))}
    </div>
  );
}

interface RequirementInputProps {
  field: RequirementField;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  exampleLabel: string | undefined;
  optionalLabel: string;
  chooseLabel: string;
}

function RequirementInput({
  field,
  value,
  error,
  disabled,
  onChange,
  exampleLabel,
  optionalLabel,
  chooseLabel,
}: RequirementInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const label = field.required ? field.name : `${field.name} ${optionalLabel}`;
  const hint = exampleLabel && (
    <p id={hintId} className="mt-1 text-sm text-slate-600">
      {exampleLabel}
    </p>
  );
  const name = detailKey(field.key);

  if (field.type === 'radio') {
    const errorId = `${id}-error`;
    return (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className={fieldLabelClass}>{label}</legend>
        <div className="flex flex-wrap gap-3">
          {field.values_allowed.map((choice) => (
            <label
              key={choice.key}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-4',
                error ? 'border-red-600' : 'border-slate-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.key}
                checked={value === choice.key}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(choice.key)}
                className="h-5 w-5 accent-blue-700"
              />
              <span className="text-base text-slate-900">{choice.name}</span>
            </label>
          ))}
        </div>
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }

  if (field.type === 'select' || field.values_allowed.length > 0) {
    return (
      <SelectField
        id={id}
        name={name}
        label={label}
        error={error}
        value={value}
        disabled={disabled}
        placeholder={chooseLabel}
        aria-required={field.required || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {field.values_allowed.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.name}
          </option>
        ))}
      </SelectField>
    );
  }

  return (
    <div>
      <TextField
        id={id}
        name={name}
        label={label}
        error={error}
        describedBy={hint ? hintId : undefined}
        type={field.type === 'date' ? 'date' : 'text'}
        value={value}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        aria-required={field.required || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint}
    </div>
  );
}
