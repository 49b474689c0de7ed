import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { LoginThrottle } from '../modules/auth/login-throttle.ts';
import { OneTimeCodeService } from '../modules/auth/one-time-code.service.ts';
import { buildPasswordPolicy } from '../modules/auth/password-policy.ts';
import { DevicesService } from '../modules/devices/devices.service.ts';
import { DocumentsService } from '../modules/documents/documents.service.ts';
import { TasksService } from '../modules/tasks/tasks.service.ts';
import { OnboardingService } from '../modules/onboarding/onboarding.service.ts';
import { ReferenceService } from '../modules/reference/reference.service.ts';
import { createSecurityServices, type SecurityServices } from '../modules/security/security.services.ts';

export interface Services {
  auth: AuthService;
  codes: OneTimeCodeService;
  security: SecurityServices;
  reference: ReferenceService;
  onboarding: OnboardingService;
  devices: DevicesService;
  documents: DocumentsService;
  tasks: TasksService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Domain layer: services wired with their dependencies (db, clock, mailer, rate-limit store). */
export default fp(
  async function servicesPlugin(app: FastifyInstance, opts: { config: Config; now: Clock }) {
    const codes = new OneTimeCodeService(opts.config.appKey, opts.now);
    const security = createSecurityServices(app, { ...opts, codes, policy: buildPasswordPolicy(opts.config.passwordPolicy) });
    const auth = new AuthService({
      db: app.db,
      config: opts.config,
      now: opts.now,
      sessions: app.sessions,
      codes,
      mailer: app.mailer,
      throttle: new LoginThrottle(app.rateLimitStore, opts.config.loginThrottle),
      log: app.log,
      security,
    });
    const reference = new ReferenceService(app.db);
    const documents = new DocumentsService({ db: app.db });
    const tasks = new TasksService({ documents });
    const onboarding = new OnboardingService({
      db: app.db,
      documents,
      now: opts.now,
      reference,
      events: app.customerEvents,
      recentAuthentication: security.recentAuthentication,
    });
    const devices = new DevicesService({
      db: app.db,
      now: opts.now,
      idleMs: opts.config.session.idleMinutes * 60_000,
      events: app.customerEvents,
    });
    app.decorate('services', { auth, codes, security, reference, onboarding, devices, documents, tasks });
  },
  { name: 'services', dependencies: ['db', 'session', 'mail', 'rate-limit', 'realtime-wiring'] },
);
