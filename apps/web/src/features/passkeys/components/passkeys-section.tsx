import type { Passkey, PasskeyCreationOptions } from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { readShownError } from '@/lib/api-errors';
import { passkeyRegistrationOptions, useDeletePasskey, usePasskeys } from '../api/passkeys';
import { detectWebAuthn } from '../lib/webauthn';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyItem } from './passkey-item';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Settings › Passkeys (docs/product/auth-and-sessions.md#passkeys): the customer's passkeys, adding
 * one (a name, then the browser's ceremony) and removing one after a confirmation. Adding and
 * removing need a recent step-up, which the http client asks for by itself.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [adding, setAdding] = useState<PasskeyCreationOptions | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let active = true;
    void detectWebAuthn().then(({ webauthn }) => {
      if (active) setSupported(webauthn);
    });
    return () => {
      active = false;
    };
  }, []);

  async function startAdding() {
    setNotice(null);
    setPreparing(true);
    try {
      setAdding(await passkeyRegistrationOptions());
    } catch (error) {
      const apiError = await readShownError(error);
      if (apiError) setNotice({ tone: 'error', text: apiError.message ?? t('passkeys.add.failed') });
    } finally {
      setPreparing(false);
    }
  }

  function onAdded(name: string) {
    setAdding(null);
    setNotice({ tone: 'success', text: t('passkeys.add.success', { name }) });
    headingRef.current?.focus();
  }

  function onCancelAdding() {
    setAdding(null);
    // the form is gone: focus goes back to what opened it
    requestAnimationFrame(() => addRef.current?.querySelector('button')?.focus());
  }

  async function confirmRemove() {
    if (!removing) return;
    const { id, name } = removing;
    setNotice(null);
    try {
      await remove.mutateAsync(id);
      setNotice({ tone: 'success', text: t('passkeys.remove.success', { name }) });
    } catch (error) {
      const apiError = await readShownError(error);
      // 404: it was removed meanwhile (another tab); the list is fresh again either way.
      if (apiError?.status === 404) setNotice({ tone: 'success', text: t('passkeys.remove.success', { name }) });
      else if (apiError) setNotice({ tone: 'error', text: apiError.message ?? t('passkeys.remove.failed') });
    }
    setRemoving(null);
    // the removed row's button is gone: focus the section's heading, the notice is announced
    headingRef.current?.focus();
  }

  let list;
  if (passkeys.isPending) {
    list = <Spinner label={t('passkeys.section.loading')} />;
  } else if (passkeys.isError) {
    list = (
      <QueryError
        message={t('passkeys.section.loadError')}
        retrying={passkeys.isFetching}
        onRetry={() => void passkeys.refetch()}
        testId="passkeys-error"
      />
    );
  } else if (passkeys.data.length === 0) {
    list = (
      <p className="text-sm text-slate-700" data-testid="passkeys-empty">
        {t('passkeys.section.empty')}
      </p>
    );
  } else {
    list = (
      <ul aria-label={t('passkeys.section.listLabel')} className="divide-y divide-slate-200">
        {passkeys.data.map((passkey) => (
          <PasskeyItem key={passkey.id} passkey={passkey} onRemove={setRemoving} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="passkeys-heading" className="border-t border-slate-200 pt-6" data-testid="passkeys">
      <h3
        id="passkeys-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {t('passkeys.section.heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('passkeys.section.intro')}</p>
      <div className="mt-4 space-y-4">
        {notice && (
          <Alert tone={notice.tone} testId="passkeys-notice">
            {notice.text}
          </Alert>
        )}
        {list}
        {supported === false && (
          <p className="text-sm text-slate-700" data-testid="passkeys-unsupported">
            {t('passkeys.section.unsupported')}
          </p>
        )}
        {supported &&
          (adding ? (
            <AddPasskeyForm options={adding} onAdded={onAdded} onCancel={onCancelAdding} />
          ) : (
            <div ref={addRef}>
              <Button variant="secondary" loading={preparing} onClick={() => void startAdding()}>
                {t('passkeys.add.button')}
              </Button>
            </div>
          ))}
      </div>
      {removing && (
        <ConfirmDialog
          title={t('passkeys.remove.title', { name: removing.name })}
          confirmLabel={t('passkeys.remove.confirm')}
          cancelLabel={t('passkeys.remove.cancel')}
          pending={remove.isPending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        >
          <p>{t('passkeys.remove.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
