import { useTranslation } from 'react-i18next';

/** A labelled progress bar (0 to 1); the screen's live region says what is happening, not each percent. */
export function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const { i18n } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="mt-3" data-testid={testId}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-blue-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-hidden="true" className="mt-1 text-right text-xs text-slate-700">
        {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}
      </p>
    </div>
  );
}
