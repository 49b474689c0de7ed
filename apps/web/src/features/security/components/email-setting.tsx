import type { Customer } from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailChangeEditor } from './email-change-editor';

type Mode = { name: 'view'; changedTo: string | null } | { name: 'edit' };

/**
 * The email address, whether it is verified, and its Change button, which opens the editor inline
 * (docs/product/auth-and-sessions.md#changing-the-email-address).
 */
export function EmailSetting({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>({ name: 'view', changedTo: null });
  const actionsRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const { email, is_email_verified: verified } = customer.account;

  // When the editor closes, focus goes back to the button that opened it.
  useEffect(() => {
    if (mode.name !== 'view' || !returnFocus.current) return;
    returnFocus.current = false;
    actionsRef.current?.querySelector('button')?.focus();
  }, [mode]);

  const close = (changedTo: string | null) => {
    returnFocus.current = true;
    setMode({ name: 'view', changedTo });
  };

  return (
    <section aria-labelledby="email-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h3 id="email-heading" className="text-lg font-semibold text-slate-900">
        {t('security.settings.email.heading')}
      </h3>
      {mode.name === 'view' && mode.changedTo && (
        <Alert tone="success" testId="email-notice">
          {t('security.settings.email.updated', { email: mode.changedTo })}
        </Alert>
      )}
      <div className="text-base break-words text-slate-900" data-testid="profile-email">
        <span className="block break-all">{email}</span>
        <span className="mt-0.5 block text-sm text-slate-700" data-testid="profile-email-status">
          {verified ? t('security.settings.profile.verified') : t('security.settings.profile.notVerified')}
        </span>
      </div>
      {mode.name === 'edit' ? (
        <EmailChangeEditor currentEmail={email} onChanged={(next) => close(next)} onCancel={() => close(null)} />
      ) : (
        <div ref={actionsRef}>
          <Button
            variant="secondary"
            aria-label={t('security.settings.email.changeLabel')}
            onClick={() => setMode({ name: 'edit' })}
          >
            {t('security.settings.email.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
