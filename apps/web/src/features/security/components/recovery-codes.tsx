import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { SetupStep } from './setup-step';

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
  const text = `${t('security.settings.recovery.fileHeader')}\n\n${codes.join('\n')}\n`;
  return (
    <SetupStep
      testId="recovery-codes"
      heading={t('security.settings.recovery.heading')}
      intro={t('security.settings.recovery.intro')}
    >
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
    </SetupStep>
  );
}
