import type { Attribute } from '@remit/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { inputClass } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { applyMask, isNumericMask } from '../lib/mask';
import { optionLabel, optionTexts } from '../lib/options';

interface AttributeFieldProps {
  id: string;
  attribute: Attribute;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * One generated field: the attribute's label (with a visual * and aria-required when required),
 * its info_text as help (aria-describedby), the error under it; a select of the attribute's
 * `options` for a choice attribute, else a text input with its mask applied while typing.
 */
export function AttributeField({ id, attribute, registration, error }: AttributeFieldProps) {
  const { t, i18n } = useTranslation();
  const { options } = attribute;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [attribute.info_text ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': attribute.is_required || undefined,
    'aria-describedby': describedBy || undefined,
    'data-attribute': attribute.attribute,
  } as const;
  const mask = attribute.mask;
  const texts = options ? optionTexts(i18n) : undefined;

  return (
    <div>
      <FieldLabel htmlFor={id}>
        {attribute.label}
        {attribute.is_required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </FieldLabel>
      {attribute.info_text && (
        <p id={hintId} className="mb-1.5 text-sm text-slate-600">
          {attribute.info_text}
        </p>
      )}
      {options ? (
        <select
          {...common}
          {...registration}
          className={cn(inputClass, 'pr-10', error ? 'border-red-600' : 'border-slate-400')}
        >
          <option value="">{t('onboarding.attributes.selectPlaceholder')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {optionLabel(texts, attribute.attribute, option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          {...registration}
          type="text"
          inputMode={mask && isNumericMask(mask) ? 'numeric' : undefined}
          maxLength={mask ? Array.from(mask).length : undefined}
          autoComplete="off"
          onChange={(e) => {
            if (mask) e.target.value = applyMask(mask, e.target.value);
            void registration.onChange(e);
          }}
          className={cn(inputClass, error ? 'border-red-600' : 'border-slate-400')}
        />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
