import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, ResendButton } from './resend-button';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResendButton', () => {
  it('counts down, then allows a resend that restarts the countdown', async () => {
    const onResend = vi.fn().mockResolvedValue({ resend_available_in: 30 });
    render(<ResendButton availableIn={42} onResend={onResend} />);
    const button = screen.getByRole('button', { name: 'Resend code in 0:42' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(onResend).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Resend code in 0:40' })).toBeInTheDocument();
    // The ticking is not announced.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(40_000));
    const ready = screen.getByRole('button', { name: 'Resend code' });
    expect(ready).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toHaveTextContent('You can now request a new code.');

    await act(async () => {
      fireEvent.click(ready);
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend code in 0:30' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('A new code has been sent.');
  });

  it('is usable again when the resend fails', async () => {
    const onResend = vi.fn().mockRejectedValue(new Error('429'));
    render(<ResendButton availableIn={0} onResend={onResend} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('formats minutes and seconds', () => {
    expect(formatCountdown(42)).toBe('0:42');
    expect(formatCountdown(125)).toBe('2:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
