import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Copies `text`; the outcome is announced politely. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('security.settings.copy.copied'));
    } catch {
      setStatus(t('security.settings.copy.failed'));
    }
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="secondary" className="min-h-10 px-4 text-sm" onClick={() => void copy()} data-testid={testId}>
        {label}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {status}
      </span>
    </span>
  );
}
