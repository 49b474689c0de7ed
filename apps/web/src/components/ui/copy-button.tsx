import { useState } from 'react';
import { Button } from './button';

interface CopyButtonProps {
  text: string;
  label: string;
  /** Announced (politely) once the text is on the clipboard, or when copying failed. */
  copiedMessage: string;
  failedMessage: string;
  testId?: string;
}

/** Copies `text`; the outcome is announced politely. */
export function CopyButton({ text, label, copiedMessage, failedMessage, testId }: CopyButtonProps) {
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(copiedMessage);
    } catch {
      setStatus(failedMessage);
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
