import type { Quote, Recipient, TransferPurpose } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { WizardStep } from '../../lib/wizard-state';
import { QuoteBreakdown } from './quote-breakdown';

/** Why the last confirmation failed, when it is not a field's fault (those go back to their step). */
export type ConfirmFailure =
  | { kind: 'network' }
  | { kind: 'processing' }
  | { kind: 'verification'; message: string | null }
  | { kind: 'other'; message: string | null };

interface ReviewStepProps {
  quote: Quote;
  recipient: Recipient;
  purpose: TransferPurpose | null;
  reference: string;
  pending: boolean;
  failure: ConfirmFailure | null;
  /** Confirming is not possible (a blocked notice, an expired quote being refreshed). */
  disabled: boolean;
  onEdit: (step: WizardStep) => void;
  onConfirm: () => void;
}

/** Step 4: every figure and choice, each with a way back to change it, then "Confirm and continue to payment". */
export function ReviewStep({
  quote,
  recipient,
  purpose,
  reference,
  pending,
  failure,
  disabled,
  onEdit,
  onConfirm,
}: ReviewStepProps) {
  const { t } = useTranslation();
  const none = <span className="text-slate-600">{t('transfer.review.none')}</span>;
  return (
    <div className="space-y-6">
      <QuoteBreakdown quote={quote} />
      <dl className="divide-y divide-slate-200 border-t border-slate-200 text-sm" data-testid="review-choices">
        <Choice
          label={t('transfer.review.recipient')}
          editLabel={t('transfer.review.editStep', { step: t('transfer.steps.recipient') })}
          onEdit={() => onEdit('recipient')}
        >
          <span className="block font-semibold break-words text-slate-900">{recipient.name}</span>
          <span className="block break-words text-slate-700">{recipient.summary}</span>
        </Choice>
        <Choice
          label={t('transfer.review.purpose')}
          editLabel={t('transfer.review.editStep', { step: t('transfer.review.purpose') })}
          onEdit={() => onEdit('details')}
        >
          {purpose ? t(`transfer.details.purposes.${purpose}`) : none}
        </Choice>
        <Choice
          label={t('transfer.review.reference')}
          editLabel={t('transfer.review.editStep', { step: t('transfer.review.reference') })}
          onEdit={() => onEdit('details')}
        >
          {reference ? <span className="break-words">{reference}</span> : none}
        </Choice>
      </dl>

      <div aria-live="assertive" aria-atomic="true">
        {failure && <FailureMessage failure={failure} />}
      </div>

      <div className="space-y-2">
        <Button fullWidth loading={pending} disabled={disabled} onClick={onConfirm} data-testid="confirm-transfer">
          {t('transfer.review.confirm')}
        </Button>
        <p className="text-center text-sm text-slate-600">{t('transfer.review.payNote')}</p>
      </div>
    </div>
  );
}

function Choice({
  label,
  editLabel,
  onEdit,
  children,
}: {
  label: string;
  editLabel: string;
  onEdit: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className="col-start-1 row-start-2 mt-0.5 text-slate-900">{children}</dd>
      <dd className="col-start-2 row-span-2 row-start-1 self-start">
        <button
          type="button"
          aria-label={editLabel}
          onClick={onEdit}
          className="rounded px-1 font-semibold text-blue-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t('transfer.review.edit')}
        </button>
      </dd>
    </div>
  );
}

function FailureMessage({ failure }: { failure: ConfirmFailure }) {
  const { t } = useTranslation();
  switch (failure.kind) {
    case 'network':
      return <Alert tone="error">{t('transfer.review.networkError')}</Alert>;
    case 'processing':
      return <Alert tone="info">{t('transfer.review.stillProcessing')}</Alert>;
    case 'verification':
      return (
        <Alert tone="error" title={t('transfer.review.verificationTitle')} testId="verification-required">
          <p>{failure.message ?? t('transfer.review.verificationText')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              <Link to={paths.accountVerification.getHref()} className="font-semibold underline">
                {t('transfer.review.finishVerification')}
              </Link>
            </li>
            <li>
              <Link to={paths.dashboard.getHref()} className="font-semibold underline">
                {t('transfer.review.seeTasks')}
              </Link>
            </li>
          </ul>
        </Alert>
      );
    default:
      return <Alert tone="error">{failure.message ?? t('transfer.review.failed')}</Alert>;
  }
}
