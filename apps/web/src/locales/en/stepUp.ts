/**
 * Texts of the step-up dialog (docs/product/auth-and-sessions.md#step-up), under the `stepUp` key
 * (English, complete).
 */
const stepUp = {
  title: 'Confirm it’s you',
  intro: 'For your security, confirm it’s you to continue. We won’t ask again for the next 10 minutes.',
  password: {
    label: 'Your password',
    show: 'Show password',
    required: 'Enter your password.',
    switchTo: 'Use your password instead',
  },
  otp: {
    label: 'Code from your authenticator app',
    hint: 'Enter the 6-digit code your authenticator app shows now.',
    required: 'Enter the 6 digits from your authenticator app.',
    switchTo: 'Use a code from your authenticator app instead',
  },
  passkey: {
    use: 'Use a passkey',
    notUsed: 'The passkey wasn’t used. Try again, or confirm another way.',
    or: 'or',
  },
  noFactor: 'This browser can’t use your passkeys. Use another device or browser to make this change.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  failed: 'We couldn’t confirm it’s you. Please try again.',
} as const;

export default stepUp;
