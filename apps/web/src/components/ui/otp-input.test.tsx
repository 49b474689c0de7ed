import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput, sanitizeOtp } from './otp-input';

function Harness({ onComplete, error }: { onComplete?: (v: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <OtpInput
      label="Verification code"
      value={value}
      onChange={setValue}
      onComplete={onComplete}
      autoFocus
      error={error}
    />
  );
}

describe('OtpInput', () => {
  it('is one labelled numeric one-time-code field with autofocus', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveFocus();
  });

  it('keeps digits only while typing and completes at six', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByLabelText('Verification code');
    await user.type(input, '12a3');
    expect(input).toHaveValue('123');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '4567');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('accepts a pasted code with spaces or dashes', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByLabelText('Verification code');
    await user.click(input);
    await user.paste('123 - 456');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('deletes backwards with backspace and moves with arrows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Verification code');
    await user.type(input, '1234');
    await user.keyboard('{Backspace}{Backspace}');
    expect(input).toHaveValue('12');
    await user.keyboard('{ArrowLeft}9');
    expect(input).toHaveValue('192');
  });

  it('shows the error under the field and marks it invalid', () => {
    render(<Harness error="The code is wrong." />);
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The code is wrong.');
  });

  it('sanitizes', () => {
    expect(sanitizeOtp(' 12-34 56 78', 6)).toBe('123456');
    expect(sanitizeOtp('abc', 6)).toBe('');
  });
});
