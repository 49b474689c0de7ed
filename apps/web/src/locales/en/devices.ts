/**
 * Texts of the devices screen (docs/product/auth-and-sessions.md#devices), under the `devices` key
 * (English, complete).
 */
const devices = {
  intro:
    'These are the browsers and devices signed in to your account. If you don’t recognise one, sign it out and change your password.',
  loading: 'Loading your devices',
  loadError: 'We couldn’t load your devices. Check your connection and try again.',
  listLabel: 'Signed-in devices',
  empty: 'No other devices are signed in to your account.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'Unknown system',
  deviceName: '{{browser}} on {{os}}',
  thisDevice: 'This device',
  pendingMfa: 'Waiting for the sign-in code',
  lastActive: 'Last active {{time}}',
  signedInWithPasskey: 'Signed in with passkey “{{name}}”',
  signOut: 'Sign out',
  signOutDevice: 'Sign out {{device}}',
  confirmQuestion: 'Sign out {{device}}? It will need the password and a code to sign in again.',
  confirm: 'Yes, sign out',
  cancel: 'Cancel',
  signedOut: '{{device}} was signed out.',
  alreadySignedOut: '{{device}} was already signed out.',
  currentDeviceError: 'This is the device you’re using. Use Sign out at the top of the page instead.',
  signOutError: 'We couldn’t sign out this device. Please try again.',
} as const;

export default devices;
