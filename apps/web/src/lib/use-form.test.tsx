import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useForm, type Validator } from './use-form';

type Values = { email: string; password: string };

const validate: Validator<Values> = (values) => {
  const errors: Partial<Values> = {};
  if (!values.email.trim()) errors.email = 'Email needed';
  if (!values.password) errors.password = 'Password needed';
  return Object.keys(errors).length
    ? { ok: false, errors }
    : { ok: true, values: { ...values, email: values.email.trim() } };
};
const loadValidator = () => Promise.resolve(validate);

function Form({ onValid, serverErrors }: { onValid: (v: Values) => void; serverErrors?: Partial<Values> }) {
  const { register, handleSubmit, errors, setServerErrors } = useForm({
    loadValidator,
    defaultValues: { email: '', password: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <input
        aria-label="Email"
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={errors.email ? 'email-error' : undefined}
        {...register('email')}
      />
      {errors.email && <p id="email-error">{errors.email}</p>}
      <input
        aria-label="Password"
        aria-invalid={errors.password ? true : undefined}
        aria-describedby={errors.password ? 'password-error' : undefined}
        {...register('password')}
      />
      {errors.password && <p id="password-error">{errors.password}</p>}
      <button type="submit">Go</button>
      <button type="button" onClick={() => serverErrors && setServerErrors(serverErrors)}>
        Server
      </button>
    </form>
  );
}

describe('useForm', () => {
  it('checks nothing before the first submit, then every field, focusing the first in error', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.clear(screen.getByLabelText('Password'));
    expect(screen.queryByText('Password needed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Email needed')).toBeInTheDocument();
    expect(screen.getByText('Password needed')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('re-checks a field on change after a submit, and submits the parsed values', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('Email needed');
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await waitFor(() => expect(screen.queryByText('Email needed')).not.toBeInTheDocument());
    expect(screen.getByText('Password needed')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'pw' }));
  });

  it('shows server messages under their fields and focuses the first of them', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} serverErrors={{ email: 'Taken', password: 'Too common' }} />);
    await user.click(screen.getByRole('button', { name: 'Server' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    expect(screen.getByText('Too common')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('moves focus once the messages are on screen, so the field is read as invalid with its message', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} serverErrors={{ password: 'Too common' }} />);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'pw');
    // What a screen reader reads at the moment each field gets the focus.
    const readOnFocus: string[] = [];
    const record = (event: FocusEvent) => {
      const field = event.target as HTMLInputElement;
      const message = document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
      readOnFocus.push(`${field.name}: ${field.getAttribute('aria-invalid') ?? 'valid'}, ${message ?? 'no message'}`);
    };
    email.addEventListener('focus', record);
    password.addEventListener('focus', record);

    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(email).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Server' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(readOnFocus).toEqual(['email: true, Email needed', 'password: true, Too common']);
  });
});
