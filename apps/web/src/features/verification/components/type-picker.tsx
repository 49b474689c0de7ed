import type { DocumentType } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useVerificationTexts } from '../lib/texts';

interface TypePickerProps {
  types: readonly DocumentType[];
  value: number | null;
  onChange: (typeId: number) => void;
  disabled?: boolean;
}

/** Radio cards: which document the customer will upload (title, with its description). */
export function TypePicker({ types, value, onChange, disabled = false }: TypePickerProps) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-lg font-semibold text-slate-900">{t('verification.upload.chooseType')}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {types.map((type) => {
          const checked = type.id === value;
          const titleId = `${name}-${type.id}-title`;
          const descriptionId = `${name}-${type.id}-description`;
          const description = texts.typeDescription(type);
          return (
            <label
              key={type.id}
              data-testid={`type-${type.code}`}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
                checked
                  ? 'border-blue-700 bg-blue-50 ring-1 ring-blue-700'
                  : 'border-slate-300 bg-white hover:border-slate-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={type.id}
                checked={checked}
                onChange={() => onChange(type.id)}
                aria-labelledby={titleId}
                aria-describedby={description ? descriptionId : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 accent-blue-700 focus:outline-none"
              />
              <span className="min-w-0">
                <span id={titleId} className="block font-semibold break-words text-slate-900">
                  {texts.typeTitle(type)}
                </span>
                {description && (
                  <span id={descriptionId} className="mt-0.5 block text-sm text-slate-700">
                    {description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
