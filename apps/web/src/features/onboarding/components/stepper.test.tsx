import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildOnboardingCustomer, gbIdentityValues } from '@/testing/onboarding-fixtures';
import { Stepper } from './stepper';

describe('stepper and the derived-rule badge', () => {
  it('badges every attribute step while no country is set', () => {
    render(<Stepper customer={buildOnboardingCustomer({ country: null })} current="country" onSelect={vi.fn()} />);
    for (const name of ['Identity', 'Address', 'Employment']) {
      expect(within(screen.getByRole('button', { name: new RegExp(name) })).getByText('Required')).toBeInTheDocument();
    }
    expect(within(screen.getByRole('button', { name: /Country/ })).queryByText('Required')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /Mobile number/ })).queryByText('Required'),
    ).not.toBeInTheDocument();
  });

  it('drops the badge of a category whose required attributes all have values', () => {
    render(
      <Stepper
        customer={buildOnboardingCustomer({ country: 'GB', values: gbIdentityValues })}
        current="address"
        onSelect={vi.fn()}
      />,
    );
    expect(within(screen.getByRole('button', { name: /Identity/ })).queryByText('Required')).not.toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Address/ })).getByText('Required')).toBeInTheDocument();
  });

  it('marks the current step and says which are completed or pending', () => {
    render(<Stepper customer={buildOnboardingCustomer({ country: 'GB' })} current="identity" onSelect={vi.fn()} />);
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    const current = screen.getByRole('button', { current: 'step' });
    expect(current).toHaveAccessibleName(/Identity.*\(current step\)/);
    expect(screen.getByRole('button', { name: /Verify email \(completed\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mobile number \(not done yet\)/ })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 7')).toBeInTheDocument();
  });
});
