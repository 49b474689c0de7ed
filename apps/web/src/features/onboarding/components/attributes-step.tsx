import type { AttributeCategory, Customer } from '@remit/contract';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { useUpdateAttributes } from '../api/update-attributes';
import { readApiError } from '@/lib/api-errors';
import { compilePattern } from '../lib/pattern';
import { AttributeField } from './attribute-field';
import { StepForm } from './step-form';

interface AttributesStepProps {
  customer: Customer;
  category: AttributeCategory;
  onSaved: (customer: Customer) => void;
  onBack: () => void;
  onContinue: () => void;
  onChooseCountry: () => void;
}

type Values = Record<string, string>;

/**
 * Steps 3–5: a form generated from the customer's attributes of one category (they depend on the
 * chosen country). Attribute keys may contain dots, which react-hook-form would read as paths, so
 * fields are named f0, f1… and mapped back to the attribute keys on submit and for server errors.
 */
export function AttributesStep({
  customer,
  category,
  onSaved,
  onBack,
  onContinue,
  onChooseCountry,
}: AttributesStepProps) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateAttributes();
  const [failure, setFailure] = useState<string | null>(null);

  const fields = useMemo(
    () =>
      customer.attributes
        .filter((a) => a.category === category)
        .map((attribute, i) => ({
          name: `f${i}`,
          attribute,
          // A choice attribute is checked against its options, any other against its expression.
          pattern: attribute.options ? null : compilePattern(attribute.regular_expression),
        })),
    [customer.attributes, category],
  );

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, f.attribute.value ?? ''])),
  });

  if (!customer.country) {
    return (
      <>
        <Alert tone="info">{t('onboarding.attributes.needCountry')}</Alert>
        <FormActions
          layout="spread"
          className="mt-8"
          secondary={{ label: t('onboarding.actions.back'), onClick: onBack }}
        >
          <Button onClick={onChooseCountry}>{t('onboarding.attributes.goToCountry')}</Button>
        </FormActions>
      </>
    );
  }

  if (fields.length === 0) {
    return (
      <>
        <p className="text-slate-700">{t('onboarding.attributes.empty')}</p>
        <FormActions
          layout="spread"
          className="mt-8"
          secondary={{ label: t('onboarding.actions.back'), onClick: onBack }}
        >
          <Button onClick={onContinue}>{t('onboarding.actions.continue')}</Button>
        </FormActions>
      </>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const payload: Record<string, string> = {};
    for (const { name, attribute } of fields) {
      const value = (values[name] ?? '').trim();
      // An empty optional field is left out unless it clears a stored value.
      if (value !== '' || (attribute.value ?? '') !== '') payload[attribute.attribute] = value;
    }
    try {
      onSaved(await update.mutateAsync({ category, values: payload }));
    } catch (error) {
      const apiError = await readApiError(error);
      let shown = false;
      for (const [key, message] of Object.entries(apiError.fieldErrors)) {
        const field = fields.find((f) => f.attribute.attribute === key);
        if (field) {
          setError(field.name, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFailure(apiError.message ?? t('onboarding.saveError'));
    }
  });

  return (
    <StepForm
      id={formId}
      label={t(`onboarding.attributes.headings.${category}`)}
      intro={t(`onboarding.attributes.intros.${category}`)}
      note={fields.some((f) => f.attribute.is_required) ? t('onboarding.attributes.requiredNote') : undefined}
      failure={failure}
      saving={update.isPending}
      onSubmit={onSubmit}
      onBack={onBack}
    >
      <div className="mt-6 space-y-5">
        {fields.map(({ name, attribute, pattern }) => (
          <AttributeField
            key={attribute.attribute}
            id={`${formId}-${name}`}
            attribute={attribute}
            error={errors[name]?.message}
            registration={register(name, {
              validate: (raw) => {
                const value = (raw ?? '').trim();
                if (value === '') return attribute.is_required ? t('onboarding.attributes.fieldRequired') : true;
                const invalid = attribute.options
                  ? !attribute.options.some((o) => o.value === value)
                  : pattern !== null && !pattern.test(value);
                if (invalid) {
                  return attribute.expression_error_message ?? t('onboarding.attributes.fieldInvalid');
                }
                return true;
              },
            })}
          />
        ))}
      </div>
    </StepForm>
  );
}
