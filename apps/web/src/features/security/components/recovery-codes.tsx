import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

function download(filename: string, text: string) {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The ten recovery codes, shown once, with copy and .txt download, until "I've saved them". */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `${t('security.settings.recovery.fileHeader')}\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <h4 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {t('security.settings.recovery.heading')}
      </h4>
      <p className="text-sm text-slate-700">{t('security.settings.recovery.intro')}</p>
      <ol
        aria-label={t('security.settings.recovery.listLabel')}
        className="grid grid-cols-1 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-base text-slate-900 min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-start gap-3">
        <CopyButton
          text={codes.join('\n')}
          label={t('security.settings.recovery.copy')}
          copiedMessage={t('security.settings.copy.copied')}
          failedMessage={t('security.settings.copy.failed')}
          testId="recovery-codes-copy"
        />
        <Button
          variant="secondary"
          className="min-h-10 px-4 text-sm"
          onClick={() => download('remit-recovery-codes.txt', text)}
          data-testid="recovery-codes-download"
        >
          {t('security.settings.recovery.download')}
        </Button>
      </div>
      <Button onClick={onDone} data-testid="recovery-codes-saved">
        {t('security.settings.recovery.saved')}
      </Button>
    </div>
  );
}
