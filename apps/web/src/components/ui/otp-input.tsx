import { useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';
import { FieldLabel } from './field-label';

export interface OtpInputProps {
  id?: string;
  /** Visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the code has `length` digits (typed or pasted). */
  onComplete?: (value: string) => void;
  length?: number;
  autoFocus?: boolean;
  invalid?: boolean;
  /** Error message shown under the field (sets `invalid`). */
  error?: string | undefined;
  /** A hint under the field ("Enter the 6-digit code. You can paste it."), read with it. */
  hint?: string;
  /** Extra ids the input is described by. */
  describedBy?: string | undefined;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** Keeps the digits only (pasted codes often carry spaces or dashes), cut to `length`. */
export function sanitizeOtp(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/**
 * A one-time-code input: ONE real <input> (so screen readers, password managers and SMS/email
 * autofill see a single field) drawn as `length` boxes. Paste of a whole code works, with
 * spaces/dashes stripped; backspace deletes backwards and arrows move the caret natively.
 */
export function OtpInput({
  id,
  label,
  value,
  onChange,
  onComplete,
  length = 6,
  autoFocus,
  invalid,
  error,
  hint,
  describedBy,
  disabled,
  className,
  testId,
}: OtpInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [caret, setCaret] = useState(value.length);
  const isInvalid = invalid || !!error;
  const describedByIds =
    [error ? errorId : undefined, hint ? hintId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  function commit(next: string) {
    const clean = sanitizeOtp(next, length);
    if (clean === value) return;
    onChange(clean);
    setCaret(clean.length);
    if (clean.length === length) onComplete?.(clean);
  }

  function handleChange(e: ChangeEvent<HTMLInputElement>) {
    commit(e.target.value);
  }

  function handlePaste(e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData('text');
    if (!text) return;
    e.preventDefault();
    const digits = text.replace(/\D/g, '');
    if (digits.length >= length) {
      commit(digits); // a whole code replaces what was there
      return;
    }
    const el = e.currentTarget;
    const start = el.selectionStart ?? value.length;
    const end = el.selectionEnd ?? value.length;
    commit(value.slice(0, start) + digits + value.slice(end));
  }

  function syncCaret() {
    const el = inputRef.current;
    if (el) setCaret(Math.min(el.selectionStart ?? value.length, length - 1));
  }

  function handleKeyUp(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'Backspace') syncCaret();
  }

  const active = Math.min(focused ? caret : -1, length - 1);

  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <div className="relative w-full max-w-80">
        <div
          aria-hidden="true"
          className="grid gap-2"
          style={{ gridTemplateColumns: `repeat(${length}, minmax(0, 1fr))` }}
        >
          {Array.from({ length }, (_, i) => (
            <div
              key={i}
              className={cn(
                'flex h-14 items-center justify-center rounded-xl border bg-white text-2xl font-semibold text-slate-900 tabular-nums',
                isInvalid ? 'border-red-600' : 'border-slate-400',
                i === active && 'outline-2 outline-offset-0 outline-blue-700',
                disabled && 'bg-slate-100 text-slate-600',
              )}
            >
              {value[i] ?? ''}
            </div>
          ))}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          data-testid={testId}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          // Whole codes pasted with separators are cleaned in onPaste/onChange, so no maxLength here.
          value={value}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
          onChange={handleChange}
          onPaste={handlePaste}
          onKeyUp={handleKeyUp}
          onSelect={syncCaret}
          onFocus={() => {
            setFocused(true);
            syncCaret();
          }}
          onBlur={() => setFocused(false)}
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          className="absolute inset-0 h-full w-full cursor-text bg-transparent text-transparent caret-transparent outline-none selection:bg-transparent disabled:cursor-not-allowed"
        />
      </div>
      <FieldError id={errorId} message={error} />
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
