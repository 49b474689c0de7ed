/**
 * The security feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { MfaScreen } from './components/mfa-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { SettingsScreen } from './components/settings-screen';
