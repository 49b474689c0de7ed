import type { Recipient, RecipientDetails, RecipientPayoutMethod, RequirementField } from '@remit/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { readShownError } from '@/lib/api-errors';
import { useDestinations } from '@/lib/corridors';
import { useSaveRecipient } from '../api/recipients';
import { useRequirements, type Destination } from '../api/requirements';
import { detailErrors, detailKey, detailsFor, nameError, type FormErrors } from '../lib/details';
import { RequirementsForm } from './requirements-form';

interface RecipientFormProps {
  /** Editing: the destination stays, name and details start from the recipient. */
  recipient?: Recipient;
  /**
   * Adding for a known destination (the transfer wizard's quote): country, currency and payout method
   * are set and shown, not asked.
   */
  destination?: Destination | undefined;
  onSaved: (recipient: Recipient) => void;
  onCancel: () => void;
}

/**
 * Add or edit a recipient (docs/product/money-movement.md#recipients): the destination (country,
 * currency, payout method, only what the corridors offer), the full name and the details the
 * requirements ask for, checked with the api's own first-level rules before sending. A 422 goes under
 * its field, a 409 (the same recipient twice) above the form. Saving needs a recent step-up: the
 * app's one dialog asks for it and sends the same request again (docs/product/auth-and-sessions.md#step-up);
 * cancelled, the form stays as it was, without a message.
 */
export function RecipientForm({ recipient, destination: fixed, onSaved, onCancel }: RecipientFormProps) {
  const { t } = useTranslation();
  const save = useSaveRecipient();
  const destinations = useDestinations();
  const [country, setCountry] = useState(recipient?.country ?? fixed?.country ?? '');
  const [currency, setCurrency] = useState(recipient?.currency ?? fixed?.currency ?? '');
  const [method, setMethod] = useState<RecipientPayoutMethod | ''>(
    recipient?.payout_method ?? fixed?.payout_method ?? '',
  );
  const [name, setName] = useState(recipient?.name ?? '');
  const [details, setDetails] = useState<RecipientDetails>(recipient?.details ?? {});
  // The details the requirements were last asked with (null: the plain GET).
  const [asked, setAsked] = useState<RecipientDetails | null>(recipient ? recipient.details : null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<{ kind: 'duplicate' | 'other'; message: string } | null>(null);
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusErrors = useRef(false);

  const destination: Destination | null =
    country && currency && method ? { country, currency, payout_method: method } : null;
  const requirements = useRequirements(destination, asked);
  const fields: readonly RequirementField[] = destination ? (requirements.data?.fields ?? []) : [];

  const countryChoices = destinations.data ?? [];
  const chosenCountry = countryChoices.find((d) => d.country === country);
  const currencyChoices = chosenCountry?.currencies ?? [];
  const methodChoices = currencyChoices.find((c) => c.currency === currency)?.payout_methods ?? [];

  // The first field in error gets the focus once the messages are on screen.
  useEffect(() => {
    if (!focusErrors.current) return;
    focusErrors.current = false;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else failureRef.current?.focus();
  }, [errors, failure]);

  const recheck = (nextName: string, nextDetails: RecipientDetails) => {
    if (!submitted.current) return;
    const next: FormErrors = detailErrors(t, fields, nextDetails);
    const problem = nameError(t, nextName);
    if (problem) next.name = problem;
    setErrors(next);
  };

  const chooseCountry = (value: string) => {
    setCountry(value);
    const currencies = countryChoices.find((d) => d.country === value)?.currencies ?? [];
    const only = currencies.length === 1 ? currencies[0] : undefined;
    setCurrency(only?.currency ?? '');
    const methods = only?.payout_methods ?? [];
    setMethod(methods.length === 1 ? methods[0]!.method : '');
    setAsked(null);
    setDetails({});
    setErrors({});
  };
  const chooseCurrency = (value: string) => {
    setCurrency(value);
    const methods = currencyChoices.find((c) => c.currency === value)?.payout_methods ?? [];
    setMethod(methods.length === 1 ? methods[0]!.method : '');
    setAsked(null);
    setDetails({});
    setErrors({});
  };
  const chooseMethod = (value: string) => {
    setMethod(value as RecipientPayoutMethod | '');
    setAsked(null);
    setDetails({});
    setErrors({});
  };

  async function send() {
    if (!destination) return;
    setFailure(null);
    const body = { name: name.trim(), ...destination, details: detailsFor(fields, details) };
    try {
      onSaved(await save.mutateAsync({ id: recipient?.id, body }));
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      focusErrors.current = true;
      if (apiError.status === 409) {
        setFailure({ kind: 'duplicate', message: apiError.message ?? t('recipients.form.duplicate') });
        return;
      }
      const onFields: FormErrors = {};
      let other: string | null = null;
      for (const [key, message] of Object.entries(apiError.fieldErrors)) {
        if (key === 'name' || fields.some((f) => detailKey(f.key) === key)) onFields[key] = message;
        else other ??= message;
      }
      if (apiError.status === 422 && Object.keys(onFields).length > 0) {
        setErrors(onFields);
        if (other) setFailure({ kind: 'other', message: other });
      } else {
        setFailure({ kind: 'other', message: other ?? apiError.message ?? t('recipients.form.saveError') });
      }
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submitted.current = true;
    const next: FormErrors = {};
    if (!destination) {
      if (!country) next.country = t('recipients.form.countryRequired');
      else if (!currency) next.currency = t('recipients.form.currencyRequired');
      else next.method = t('recipients.form.methodRequired');
    }
    const problem = nameError(t, name);
    if (problem) next.name = problem;
    Object.assign(next, detailErrors(t, fields, details));
    focusErrors.current = true;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || !destination || !requirements.data) return;
    await send();
  }

  const editing = recipient !== undefined;
  const shown = recipient ?? fixed;
  const methodLabel = (m: RecipientPayoutMethod) => t(`recipients.methods.${m}`);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      className="space-y-5"
      data-testid="recipient-form"
    >
      <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
        {failure && (
          <Alert tone="error" testId="recipient-form-failure">
            {failure.message}
            {failure.kind === 'duplicate' && (
              <>
                {' '}
                <Link to={paths.recipients.getHref({}, { search: name.trim() })} className="font-semibold underline">
                  {t('recipients.form.seeExisting')}
                </Link>
              </>
            )}
          </Alert>
        )}
      </div>

      {shown ? (
        <p className="text-sm text-slate-700">
          {t('recipients.destination', {
            country: chosenCountry?.name ?? shown.country,
            currency: shown.currency,
            method: methodLabel(shown.payout_method),
          })}
        </p>
      ) : destinations.isError ? (
        <QueryError
          message={t('recipients.form.destinationsError')}
          retrying={destinations.isFetching}
          onRetry={() => void destinations.refetch()}
        />
      ) : !destinations.data ? (
        <QueryLoading label={t('recipients.form.destinationsLoading')} />
      ) : (
        <div className="space-y-4">
          <SelectField
            name="country"
            label={t('recipients.form.country')}
            placeholder={t('recipients.form.choose')}
            value={country}
            error={errors.country}
            onChange={(e) => chooseCountry(e.target.value)}
          >
            {countryChoices.map((d) => (
              <option key={d.country} value={d.country}>
                {d.name}
              </option>
            ))}
          </SelectField>
          {country && (
            <SelectField
              name="currency"
              label={t('recipients.form.currency')}
              placeholder={t('recipients.form.choose')}
              value={currency}
              error={errors.currency}
              onChange={(e) => chooseCurrency(e.target.value)}
            >
              {currencyChoices.map((c) => (
                <option key={c.currency} value={c.currency}>
                  {c.currency}
                </option>
              ))}
            </SelectField>
          )}
          {currency && (
            <SelectField
              name="payout_method"
              label={t('recipients.form.method')}
              placeholder={t('recipients.form.choose')}
              value={method}
              error={errors.method}
              onChange={(e) => chooseMethod(e.target.value)}
            >
              {methodChoices.map((m) => (
                <option key={m.method} value={m.method}>
                  {methodLabel(m.method)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      )}

      {destination && (
        <>
          <TextField
            name="name"
            label={t('recipients.form.name')}
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              recheck(e.target.value, details);
            }}
          />
          {requirements.data ? (
            <RequirementsForm
              fields={fields}
              values={details}
              errors={errors}
              refreshing={requirements.isFetching}
              disabled={save.isPending}
              onChange={(key, value) => {
                const next = { ...details, [key]: value };
                setDetails(next);
                recheck(name, next);
              }}
              onRefresh={setAsked}
            />
          ) : requirements.isError ? (
            <QueryError
              message={t('recipients.form.requirementsError')}
              retrying={requirements.isFetching}
              onRetry={() => void requirements.refetch()}
            />
          ) : (
            <QueryLoading label={t('recipients.form.requirementsLoading')} />
          )}
        </>
      )}

      <FormActions secondary={{ label: t('recipients.cancel'), onClick: onCancel, disabled: save.isPending }}>
        <Button type="submit" loading={save.isPending}>
          {editing ? t('recipients.form.saveChanges') : t('recipients.form.add')}
        </Button>
      </FormActions>
    </form>
  );
}
