/**
 * The auth feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { SignInScreen } from './components/sign-in-screen';
export { SignUpScreen } from './components/sign-up-screen';
export { useSignOut } from './api/sign-out';
