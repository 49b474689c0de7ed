/**
 * Texts of passkeys (docs/product/auth-and-sessions.md#passkeys): the settings section, signing in
 * and the second step with a passkey, under the `passkeys` key (English, complete).
 */
const passkeys = {
  section: {
    heading: 'Passkeys',
    intro:
      'Sign in with your fingerprint, face or screen lock instead of your password and a code. A passkey stays on your device and can’t be phished or guessed.',
    loading: 'Loading your passkeys',
    loadError: 'We couldn’t load your passkeys. Check your connection and try again.',
    listLabel: 'Your passkeys',
    empty:
      'You haven’t added a passkey yet. Add one on each phone or computer you use, then sign in with a single touch.',
    added: 'Added {{date}}',
    lastUsed: 'Last used {{date}}',
    neverUsed: 'Never used',
    unsupported:
      'This browser can’t create passkeys. To add one, use an up-to-date browser such as Chrome, Safari, Edge or Firefox.',
  },
  add: {
    button: 'Add a passkey',
    formLabel: 'Add a passkey',
    nameLabel: 'Passkey name',
    nameHint: 'So you can tell your passkeys apart, for example by the device it’s on.',
    nameRequired: 'Enter a name for this passkey.',
    nameTooLong: 'Use 60 characters or fewer.',
    submit: 'Create passkey',
    cancel: 'Cancel',
    deviceName: '{{browser}} on {{os}}',
    defaultName: 'My passkey',
    cancelled: 'No passkey was created. When you’re ready, try again.',
    alreadyRegistered: 'This device already has a passkey for your account.',
    failed: 'We couldn’t add the passkey. Please try again.',
    success: 'Passkey “{{name}}” added. You can use it the next time you sign in.',
  },
  remove: {
    button: 'Remove',
    buttonLabel: 'Remove passkey {{name}}',
    title: 'Remove “{{name}}”?',
    body: 'You won’t be able to sign in with this passkey any more. You can add a new one at any time.',
    confirm: 'Remove passkey',
    cancel: 'Cancel',
    success: 'Passkey “{{name}}” removed.',
    failed: 'We couldn’t remove the passkey. Please try again.',
  },
  signIn: {
    or: 'or',
    button: 'Sign in with a passkey',
    cancelled: 'Passkey sign-in was cancelled. Try again, or use your email and password.',
    failed: 'Your passkey couldn’t be used. Try again, or use your email and password.',
  },
  mfa: {
    button: 'Use a passkey instead',
    cancelled: 'The passkey wasn’t used. Try again, or enter the code.',
    failed: 'Your passkey couldn’t be used. Try again, or enter the code.',
  },
} as const;

export default passkeys;
