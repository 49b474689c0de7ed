import type { Passkey } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';

interface PasskeyItemProps {
  passkey: Passkey;
  onRemove: (passkey: Passkey) => void;
}

/** One passkey: its name, when it was added and last used, and Remove. */
export function PasskeyItem({ passkey, onRemove }: PasskeyItemProps) {
  const { t, i18n } = useTranslation();
  return (
    <li
      data-testid="passkey-item"
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold break-words text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-700">
          <time dateTime={passkey.created_at}>
            {t('passkeys.section.added', { date: formatDate(passkey.created_at, i18n.language) })}
          </time>
        </p>
        <p className="text-sm text-slate-700">
          {passkey.last_used_at ? (
            <time dateTime={passkey.last_used_at}>
              {t('passkeys.section.lastUsed', { date: formatDate(passkey.last_used_at, i18n.language) })}
            </time>
          ) : (
            t('passkeys.section.neverUsed')
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        className="min-h-10 self-start px-4 text-sm sm:self-center"
        aria-label={t('passkeys.remove.buttonLabel', { name: passkey.name })}
        onClick={() => onRemove(passkey)}
      >
        {t('passkeys.remove.button')}
      </Button>
    </li>
  );
}
