import type { Customer } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MobileNumberEditor } from './mobile-number-editor';
import { useInlineEditor } from './use-inline-editor';

/** The mobile number (E.164, with its country) and its Change / Add button, which opens the editor inline. */
export function MobileNumberSetting({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const editor = useInlineEditor<true>();
  const { mobile_number: number, mobile_number_country: country } = customer.account;

  return (
    <section aria-labelledby="mobile-number-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h3 id="mobile-number-heading" className="text-lg font-semibold text-slate-900">
        {t('security.settings.mobile.heading')}
      </h3>
      {editor.result && (
        <Alert tone="success" testId="mobile-number-notice">
          {t('security.settings.mobile.updated')}
        </Alert>
      )}
      <p className="text-base break-words text-slate-900" data-testid="profile-mobile-number">
        {number ? (
          <>
            <span className="font-mono">{number}</span>
            {country && <span className="text-slate-700"> ({country.common_name})</span>}
          </>
        ) : (
          <span className="text-slate-600 italic">{t('security.settings.profile.notProvided')}</span>
        )}
      </p>
      {editor.editing ? (
        <MobileNumberEditor
          customer={customer}
          onSaved={() => editor.close(true)}
          onCancel={() => editor.close(null)}
        />
      ) : (
        <div ref={editor.actionsRef}>
          <Button
            variant="secondary"
            aria-label={t(number ? 'security.settings.mobile.changeLabel' : 'security.settings.mobile.addLabel')}
            onClick={editor.open}
          >
            {t(number ? 'security.settings.mobile.change' : 'security.settings.mobile.add')}
          </Button>
        </div>
      )}
    </section>
  );
}
