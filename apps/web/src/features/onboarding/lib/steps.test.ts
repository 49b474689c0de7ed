import { describe, expect, it } from 'vitest';
import {
  buildOnboardingCustomer,
  countries,
  gbAddressValues,
  gbEmploymentValues,
  gbIdentityValues,
} from '@/testing/onboarding-fixtures';
import { formatCallingCode } from '@/lib/countries';
import { flagEmoji, matchesCountry } from './countries';
import { compilePattern } from './pattern';
import { firstUnfinishedStep, isStepRequired, nextUnfinishedStep } from './steps';
import { taskHref } from './task-links';

describe('onboarding steps', () => {
  it('opens at the first unfinished step', () => {
    expect(firstUnfinishedStep(buildOnboardingCustomer({ emailVerified: false }))).toBe('verifyEmail');
    expect(firstUnfinishedStep(buildOnboardingCustomer({ country: null }))).toBe('country');
    expect(firstUnfinishedStep(buildOnboardingCustomer({ country: 'GB' }))).toBe('identity');
    expect(firstUnfinishedStep(buildOnboardingCustomer({ country: 'GB', values: gbIdentityValues }))).toBe('address');
    const all = { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues };
    expect(firstUnfinishedStep(buildOnboardingCustomer({ country: 'GB', values: all }))).toBe('mobile');
    expect(
      firstUnfinishedStep(
        buildOnboardingCustomer({ country: 'GB', values: all, mobile: { country: 'GB', number: '7700900123' } }),
      ),
    ).toBe('done');
  });

  it('moves to the next unfinished step after a save, wrapping to earlier ones', () => {
    const customer = buildOnboardingCustomer({ emailVerified: false, country: 'GB', values: gbIdentityValues });
    expect(nextUnfinishedStep(customer, 'identity')).toBe('address');
    expect(
      nextUnfinishedStep(
        buildOnboardingCustomer({
          emailVerified: false,
          country: 'GB',
          values: { ...gbAddressValues, ...gbEmploymentValues, ...gbIdentityValues },
          mobile: { country: 'GB', number: '1' },
        }),
        'mobile',
      ),
    ).toBe('verifyEmail');
  });

  it('applies the derived rule of docs/product/entities.md to the attribute steps only', () => {
    const noCountry = buildOnboardingCustomer({ country: null });
    expect(isStepRequired('identity', noCountry)).toBe(true);
    expect(isStepRequired('address', noCountry)).toBe(true);
    expect(isStepRequired('employment', noCountry)).toBe(true);
    expect(isStepRequired('country', noCountry)).toBe(false);
    const partly = buildOnboardingCustomer({
      country: 'GB',
      values: { ...gbIdentityValues, 'identity.ni_number': '' },
    });
    // The NI number is optional: identity is complete without it.
    expect(isStepRequired('identity', partly)).toBe(false);
    expect(isStepRequired('address', partly)).toBe(true);
  });
});

describe('countries', () => {
  it('matches common, official and native names, ignoring case and accents', () => {
    expect(matchesCountry(countries.DE, 'deutsch')).toBe(true);
    expect(matchesCountry(countries.DE, 'federal republic of g')).toBe(true);
    expect(matchesCountry(countries.CI, 'cote d')).toBe(true);
    expect(matchesCountry(countries.IN, 'भारत')).toBe(true);
    expect(matchesCountry(countries.FR, 'deutsch')).toBe(false);
  });

  it('builds flag emoji and calling codes', () => {
    expect(flagEmoji('de')).toBe('🇩🇪');
    expect(flagEmoji('??')).toBe('');
    expect(formatCallingCode('44')).toBe('+44');
    expect(formatCallingCode('+49')).toBe('+49');
    expect(formatCallingCode(null)).toBe('');
  });
});

describe('attribute patterns', () => {
  it('compiles an attribute’s expression, and none when it is absent or not valid', () => {
    expect(compilePattern('^\\d+$')?.test('12')).toBe(true);
    expect(compilePattern('(')).toBeNull();
    expect(compilePattern(null)).toBeNull();
  });
});

describe('task links', () => {
  it('maps route names to paths and ignores unknown or parameterised ones', () => {
    expect(taskHref('onboardingWorkflow')).toBe('/workflow/onboarding');
    expect(taskHref('accountVerification')).toBe('/account-verification');
    expect(taskHref('categoryView')).toBeNull();
    expect(taskHref('nowhere')).toBeNull();
    expect(taskHref('toString')).toBeNull();
  });
});
