/**
 * The step-up feature's public face (docs/product/auth-and-sessions.md#step-up): the provider the
 * signed-in layout mounts once; the http client reaches its dialog through lib/step-up-bridge.ts.
 */
export { StepUpProvider } from './components/step-up-provider';
