import { setupServer } from 'msw/node';
import { dashboardHandlers } from './dashboard-handlers';
import { devicesHandlers } from './devices-handlers';
import { handlers } from './handlers';
import { limitsHandlers } from './limits-handlers';
import { onboardingHandlers } from './onboarding-handlers';
import { passkeysHandlers } from './passkeys-handlers';
import { paymentHandlers } from './payment-handlers';
import { realtimeHandlers } from './realtime-handlers';
import { recipientsHandlers } from './recipients-handlers';
import { scheduledTransfersHandlers } from './scheduled-transfers-handlers';
import { securityHandlers } from './security-handlers';
import { transferHandlers } from './transfer-handlers';
import { verificationHandlers } from './verification-handlers';

export const server = setupServer(
  ...handlers,
  ...onboardingHandlers,
  ...securityHandlers,
  ...realtimeHandlers,
  ...devicesHandlers,
  ...verificationHandlers,
  ...recipientsHandlers,
  ...transferHandlers,
  ...dashboardHandlers,
  ...paymentHandlers,
  ...limitsHandlers,
  ...passkeysHandlers,
  ...scheduledTransfersHandlers,
);
