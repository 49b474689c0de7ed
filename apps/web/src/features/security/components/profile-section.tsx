import type { Customer } from '@remit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useCustomer } from '@/lib/customer-store';
import { EmailSetting } from './email-setting';
import { MobileNumberSetting } from './mobile-number-setting';

const attributeValue = (customer: Customer, key: string) =>
  customer.attributes.find((a) => a.attribute === key)?.value?.trim() || null;

function fullName(c: Customer): string | null {
  return c.whole_name?.trim() || [c.name, c.second_name, c.third_name].filter(Boolean).join(' ') || null;
}

/** The address lines that are filled: line 1, line 2, city, postcode, region. */
function addressLines(c: Customer): string[] {
  const a = c.address;
  if (!a) return [];
  return [a.address_line_1, a.address_line_2, a.city, a.postcode, a.region].filter((line): line is string =>
    Boolean(line?.trim()),
  );
}

interface ItemProps {
  label: string;
  /** Null shows "Not provided". */
  children: ReactNode;
  testId: string;
  className?: string;
}

function Item({ label, children, testId, className }: ItemProps) {
  const { t } = useTranslation();
  const missing = children === null || (Array.isArray(children) && children.length === 0);
  return (
    <div className={className}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 text-base break-words text-slate-900" data-testid={testId}>
        {missing ? (
          <span className="text-slate-600 italic">{t('security.settings.profile.notProvided')}</span>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}

function ProfileDetails({ customer: c }: { customer: Customer }) {
  const { t } = useTranslation();
  const address = addressLines(c);
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Item label={t('security.settings.profile.name')} testId="profile-name">
          {fullName(c)}
        </Item>
        <Item label={t('security.settings.profile.dateOfBirth')} testId="profile-date-of-birth">
          {attributeValue(c, 'date_of_birth')}
        </Item>
        <Item label={t('security.settings.profile.nationality')} testId="profile-nationality">
          {c.nationality?.common_name ?? attributeValue(c, 'nationality')}
        </Item>
        <Item label={t('security.settings.profile.country')} testId="profile-country">
          {c.country?.common_name ?? null}
        </Item>
        <Item label={t('security.settings.profile.address')} testId="profile-address" className="sm:col-span-2">
          {address.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </Item>
        <Item label={t('security.settings.profile.crn')} testId="profile-crn">
          <span className="font-mono">{c.crn}</span>
        </Item>
      </dl>
      <EmailSetting customer={c} />
      <MobileNumberSetting customer={c} />
    </div>
  );
}

/**
 * Profile and contact details: identity data read-only, the email address and the mobile number editable
 * (docs/product/auth-and-sessions.md#settings).
 */
export function ProfileSection({ className }: { className: string }) {
  const { t } = useTranslation();
  const profile = useCustomer();
  let body;
  if (profile.isPending) {
    body = <Spinner label={t('app.loading')} />;
  } else if (profile.isError) {
    body = <QueryError message={t('security.settings.loadError')} onRetry={() => void profile.refetch()} />;
  } else {
    body = <ProfileDetails customer={profile.data} />;
  }
  return (
    <section aria-labelledby="profile-heading" className={className}>
      <h2 id="profile-heading" className="text-xl font-semibold text-slate-900">
        {t('security.settings.profile.heading')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}
