import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';

/** "Schedule a transfer to {name}": opens the schedules screen with the form for this recipient. */
export function ScheduleLink({ recipientId, name }: { recipientId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ButtonLink variant="secondary" to={paths.scheduledTransfers.getHref({}, { recipient: recipientId })}>
      {t('scheduledTransfers.scheduleFor', { name })}
    </ButtonLink>
  );
}
