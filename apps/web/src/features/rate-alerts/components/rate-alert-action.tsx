import { RATE_ALERTS_MAX, type Quote } from '@remit/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { inputClass } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatRate } from '@/lib/format-rate';
import { useCreateRateAlert } from '../api/rate-alerts';
import { parseTarget, suggestTarget, toInputRate } from '../lib/target-rate';

export interface RateAlertActionProps {
  /** The calculator's quote: its corridor and our rate now. */
  quote: Pick<Quote, 'source_currency' | 'target_country' | 'target_currency' | 'rate'>;
}

/**
 * "Tell me when 1 GBP gets [1.176] EUR" under the calculator (docs/product/rate-alerts.md#setting-one):
 * a button that opens a one-field form, prefilled a little above our rate now.
 */
export function RateAlertAction({ quote }: RateAlertActionProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useCreateRateAlert();
  const source = quote.source_currency;
  const target = quote.target_currency;
  const errorId = `${ids}-error`;
  const nowId = `${ids}-now`;
  const openerId = `${ids}-open`;

  const onOpen = () => {
    setText(toInputRate(suggestTarget(quote.rate), locale));
    setError(null);
    setDone(null);
    setOpen(true);
    // The field is there on the next paint.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onCancel = () => {
    setOpen(false);
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const rate = parseTarget(text);
    if (!rate) {
      setError(t('rateAlerts.form.invalid', { example: toInputRate(suggestTarget(quote.rate), locale) }));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const alert = await create.mutateAsync({
        source_currency: source,
        target_country: quote.target_country,
        target_currency: target,
        target_rate: rate,
      });
      setOpen(false);
      setDone(t('rateAlerts.form.done', { source, target, rate: formatRate(alert.target_rate, locale) }));
    } catch (caught) {
      const apiError = await readApiError(caught);
      setError(
        apiError.fieldErrors.rate_alerts
          ? t('rateAlerts.form.limitReached', { max: String(RATE_ALERTS_MAX) })
          : apiError.fieldErrors.target_rate
            ? t('rateAlerts.form.invalid', { example: toInputRate(suggestTarget(quote.rate), locale) })
            : (apiError.fieldErrors.target_currency ?? t('rateAlerts.form.error')),
      );
      inputRef.current?.focus();
    }
  };

  return (
    <div data-testid="rate-alert-action">
      {!open && (
        <Button id={openerId} variant="secondary" fullWidth onClick={onOpen}>
          {t('rateAlerts.form.open')}
        </Button>
      )}
      {open && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="rounded-xl border border-slate-300 p-4">
          <fieldset>
            <legend className="sr-only">{t('rateAlerts.form.legend', { source, target })}</legend>
            <div className="flex flex-wrap items-center gap-2 text-slate-900">
              <span aria-hidden="true">{t('rateAlerts.form.before', { source })}</span>
              <label htmlFor={`${ids}-rate`} className="sr-only">
                {t('rateAlerts.form.targetLabel', { source, target })}
              </label>
              <input
                ref={inputRef}
                id={`${ids}-rate`}
                inputMode="decimal"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${nowId} ${errorId}` : nowId}
                className={cn(inputClass, 'w-32 min-w-0', error ? 'border-red-600' : 'border-slate-400')}
              />
              <span aria-hidden="true">{t('rateAlerts.form.after', { target })}</span>
            </div>
            <p id={nowId} className="mt-2 text-sm text-slate-700">
              {t('rateAlerts.form.now', { source, target, rate: formatRate(quote.rate, locale) })}
            </p>
            <FieldError id={errorId} message={error ?? undefined} />
          </fieldset>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" loading={create.isPending}>
              {t('rateAlerts.form.submit')}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {t('rateAlerts.form.cancel')}
            </Button>
          </div>
        </form>
      )}
      <div aria-live="polite" aria-atomic="true" data-testid="rate-alert-done">
        {done && (
          <p className="mt-3 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {done} <TextLink to={paths.rateAlerts.getHref()}>{t('rateAlerts.form.seeAll')}</TextLink>
          </p>
        )}
      </div>
    </div>
  );
}
