import type { Recipient, RecipientDetails } from '@remit/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { readApiError, type ApiError, readShownError } from '@/lib/api-errors';
import { revealRecipient, useDeleteRecipient, useRecipient } from '../api/recipients';
import { useRequirements } from '../api/requirements';
import { displayValue } from '../lib/details';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RecipientForm } from './recipient-form';
import { countryName, type RecipientsNotice } from './recipients-screen';

export interface RecipientScreenProps {
  /** The "Transfers to {name}" section, composed by the app (the transfers belong to another feature). */
  transfers?: ((recipient: Recipient) => ReactNode) | undefined;
}

/**
 * A recipient's page (docs/product/money-movement.md#recipients): the details under the labels of
 * the destination's requirements (account numbers masked by the api to their last 4; "Show account
 * details" reveals them, after a step-up when needed, "Hide" masks them again), the transfers to
 * them, Edit (`?edit=1`, the same generated form, prefilled with the details revealed first) and
 * Delete after a confirmation. An unknown, deleted or foreign id is "not found".
 */
export function RecipientScreen({ transfers }: RecipientScreenProps = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const recipient = useRecipient(id);
  const [status, setStatus] = useState<ApiError | null>(null);

  useEffect(() => {
    let live = true;
    if (recipient.error) void readApiError(recipient.error).then((e) => live && setStatus(e));
    else setStatus(null);
    return () => {
      live = false;
    };
  }, [recipient.error]);

  if (recipient.data) return <RecipientPage recipient={recipient.data} transfers={transfers} />;

  let body;
  if (recipient.isError && status?.status === 404) {
    body = (
      <div className="space-y-4" data-testid="recipient-not-found">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('recipients.notFound')}</h1>
        <p className="text-slate-700">{t('recipients.notFoundHint')}</p>
        <ButtonLink to={paths.recipients.getHref()}>{t('recipients.backToList')}</ButtonLink>
      </div>
    );
  } else if (recipient.isError && status) {
    body = (
      <>
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{t('screens.viewRecipient')}</h1>
        <QueryError
          message={t('recipients.loadOneError')}
          retrying={recipient.isFetching}
          onRetry={() => void recipient.refetch()}
        />
      </>
    );
  } else {
    body = <QueryLoading label={t('recipients.loadingOne')} />;
  }
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Card>{body}</Card>
    </div>
  );
}

function RecipientPage({ recipient, transfers }: { recipient: Recipient } & RecipientScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(
    () => (location.state as RecipientsNotice | null)?.notice ?? null,
  );
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteRecipient();
  // The details in full (reveal), held only while shown or edited; `shown`: on the page.
  const [full, setFull] = useState<RecipientDetails | null>(null);
  const [shown, setShown] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const requirements = useRequirements(
    { country: recipient.country, currency: recipient.currency, payout_method: recipient.payout_method },
    recipient.details,
  );
  const fields = requirements.data?.fields ?? [];

  const setEditing = (next: boolean) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set('edit', '1');
      else copy.delete('edit');
      return copy;
    });

  useEffect(() => {
    headingRef.current?.focus();
  }, [editing]);

  /** The details in full, through reveal (the step-up dialog asks first when needed); null: cancelled or failed. */
  const loadFull = async (): Promise<RecipientDetails | null> => {
    if (full) return full;
    if (revealing) return null;
    setRevealError(null);
    setRevealing(true);
    try {
      const answer = await revealRecipient(recipient.id);
      setFull(answer.details);
      return answer.details;
    } catch (error) {
      const apiError = await readShownError(error);
      // A cancelled step-up: the page stays as it was, with no message.
      if (apiError) setRevealError(apiError.message ?? t('recipients.revealError'));
      return null;
    } finally {
      setRevealing(false);
    }
  };

  const toggleShown = async () => {
    if (shown) {
      setShown(false);
      setFull(null);
      setAnnounce(t('recipients.detailsHidden'));
      return;
    }
    if (await loadFull()) {
      setShown(true);
      setAnnounce(t('recipients.detailsShown'));
    }
  };

  const startEditing = async () => {
    if (await loadFull()) setEditing(true);
  };

  // Editing needs the details in full: opened at `?edit=1` (a reload, a link, Back) they are revealed
  // first, and a cancelled step-up goes back to the page. Closed, they are forgotten unless shown.
  const revealAsked = useRef(false);
  useEffect(() => {
    if (!editing) {
      if (!shown) setFull(null);
      return;
    }
    if (full || revealAsked.current) return;
    revealAsked.current = true;
    void loadFull().then((details) => {
      revealAsked.current = false;
      if (!details) setEditing(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening and closing the form only
  }, [editing]);

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(recipient.id);
      void navigate(paths.recipients.getHref(), {
        state: { notice: t('recipients.deleted', { name: recipient.name }) },
      });
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      setConfirming(false);
      if (apiError.status === 404) {
        void navigate(paths.recipients.getHref(), {
          state: { notice: t('recipients.deleted', { name: recipient.name }) },
        });
        return;
      }
      setDeleteError(apiError.message ?? t('recipients.deleteError'));
    }
  };

  // Keys the schema does not name (none in practice) follow, under their key.
  const keys = [
    ...fields.map((f) => f.key).filter((key) => recipient.details[key] !== undefined),
    ...Object.keys(recipient.details).filter((key) => !fields.some((f) => f.key === key)),
  ];

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <p>
        <Link to={paths.recipients.getHref()} className="text-sm font-semibold text-blue-800 underline">
          {t('recipients.backToList')}
        </Link>
      </p>
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight break-words text-slate-900 focus:outline-none"
        >
          {editing ? t('recipients.editTitle', { name: recipient.name }) : recipient.name}
        </h1>
        <p className="mt-1.5 text-slate-700">
          {t('recipients.destination', {
            country: countryName(recipient.country, i18n.language),
            currency: recipient.currency,
            method: t(`recipients.methods.${recipient.payout_method}`),
          })}
        </p>
        <div aria-live="polite" aria-atomic="true">
          {notice && !editing && (
            <p className="mt-4 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
              {notice}
            </p>
          )}
        </div>
      </div>

      {editing ? (
        <Card>
          {full ? (
            <RecipientForm
              recipient={{ ...recipient, details: full, details_masked: false }}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                setNotice(t('recipients.saved', { name: saved.name }));
                setShown(false);
                setEditing(false);
              }}
            />
          ) : revealError ? (
            <Alert tone="error">{revealError}</Alert>
          ) : (
            <QueryLoading label={t('recipients.revealing')} />
          )}
        </Card>
      ) : (
        <>
          <Card className="space-y-5">
            <h2 className="text-lg font-semibold text-slate-900">{t('recipients.details')}</h2>
            {requirements.isPending ? (
              <QueryLoading label={t('recipients.loadingOne')} />
            ) : (
              <dl className="divide-y divide-slate-200" id="recipient-details" data-testid="recipient-details">
                <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
                  <dt className="text-sm text-slate-600">{t('recipients.form.name')}</dt>
                  <dd className="break-words text-slate-900 sm:col-span-2">{recipient.name}</dd>
                </div>
                {keys.map((key) => {
                  const field = fields.find((f) => f.key === key);
                  return (
                    <div key={key} className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
                      <dt className="text-sm text-slate-600">{field?.name ?? key}</dt>
                      <dd className="break-words text-slate-900 sm:col-span-2">
                        {displayValue(field, (shown && full ? full[key] : undefined) ?? recipient.details[key] ?? '')}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
            <p className="sr-only" aria-live="polite" aria-atomic="true">
              {announce}
            </p>
            {revealError && (
              <Alert tone="error" testId="recipient-reveal-error">
                {revealError}
              </Alert>
            )}
            {deleteError && <Alert tone="error">{deleteError}</Alert>}
            <div className="flex flex-wrap gap-3">
              {recipient.details_masked && (
                <Button
                  variant="secondary"
                  aria-controls="recipient-details"
                  aria-busy={revealing || undefined}
                  onClick={() => void toggleShown()}
                >
                  {revealing && !shown
                    ? t('recipients.revealing')
                    : shown
                      ? t('recipients.hideDetails')
                      : t('recipients.showDetails')}
                </Button>
              )}
              <Button variant="secondary" aria-busy={revealing || undefined} onClick={() => void startEditing()}>
                {t('recipients.edit')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('recipients.delete')}
              </Button>
            </div>
          </Card>
          {transfers?.(recipient)}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title={t('recipients.deleteTitle', { name: recipient.name })}
          confirmLabel={t('recipients.deleteConfirm')}
          cancelLabel={t('recipients.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirmDelete()}
        >
          <p>{t('recipients.deleteExplain')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
