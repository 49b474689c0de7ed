import { describe, expect, it } from 'vitest';
import { customerChannel, eventName } from './events.ts';
import { RealtimeEventName } from './schemas.ts';

const DOMAIN_EVENTS = RealtimeEventName.options;

describe('realtime events', () => {
  it('names events as Laravel Echo with namespace App.Events binds them', () => {
    // Echo's EventFormatter: 'App.Events' + '.' + name, then every '.' becomes '\'.
    expect(eventName('SessionRevoked')).toBe('App\\Events\\SessionRevoked');
    expect(DOMAIN_EVENTS).toEqual([
      'TransactionStatusChanged',
      'DocumentStatusChanged',
      'ProfileUpdated',
      'TasksChanged',
      'SessionRevoked',
      'QuoteExpiring',
      'RateAlertTriggered',
      'ScheduledTransferRan',
    ]);
    expect(customerChannel(12)).toBe('private-customer.12');
  });
});
