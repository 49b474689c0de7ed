import { useState } from 'react';
import { cn } from '@/lib/cn';
import { focusRing } from './focus';
import { LineIcon } from './icons';
import { TextField, type TextFieldProps } from './text-field';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Accessible name of the show/hide toggle, e.g. "Show password". */
  toggleLabel: string;
}

/** A password input with an accessible show/hide toggle (aria-pressed = shown). */
export function PasswordField({ toggleLabel, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          aria-label={toggleLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className={cn(
            'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
            focusRing,
          )}
        >
          {visible ? (
            <LineIcon className="h-5 w-5" strokeWidth="1.8">
              <path
                d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A9.8 9.8 0 0 1 12 5c6 0 9.5 7 9.5 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2.5 12 2.5 12S6 19 12 19a9.6 9.6 0 0 0 5.4-1.6"
                strokeLinecap="round"
              />
            </LineIcon>
          ) : (
            <LineIcon className="h-5 w-5" strokeWidth="1.8">
              <path d="M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7Z" />
              <circle cx="12" cy="12" r="3" />
            </LineIcon>
          )}
        </button>
      }
    />
  );
}
