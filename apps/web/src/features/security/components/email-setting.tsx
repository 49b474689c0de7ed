import type { Customer } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailChangeEditor } from './email-change-editor';
import { useInlineEditor } from './use-inline-editor';

/**
 * The email address, whether it is verified, and its Change button, which opens the editor inline
 * (docs/product/auth-and-sessions.md#changing-the-email-address).
 */
export function EmailSetting({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const editor = useInlineEditor<string>();
  const { email, is_email_verified: verified } = customer.account;

  return (
    <section aria-labelledby="email-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h3 id="email-heading" className="text-lg font-semibold text-slate-900">
        {t('security.settings.email.heading')}
      </h3>
      {editor.result && (
        <Alert tone="success" testId="email-notice">
          {t('security.settings.email.updated', { email: editor.result })}
        </Alert>
      )}
      <div className="text-base break-words text-slate-900" data-testid="profile-email">
        <span className="block break-all">{email}</span>
        <span className="mt-0.5 block text-sm text-slate-700" data-testid="profile-email-status">
          {verified ? t('security.settings.profile.verified') : t('security.settings.profile.notVerified')}
        </span>
      </div>
      {editor.editing ? (
        <EmailChangeEditor currentEmail={email} onChanged={editor.close} onCancel={() => editor.close(null)} />
      ) : (
        <div ref={editor.actionsRef}>
          <Button variant="secondary" aria-label={t('security.settings.email.changeLabel')} onClick={editor.open}>
            {t('security.settings.email.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
