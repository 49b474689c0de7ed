import type { TimelineEntry } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';
import { i18n } from './i18n';
import { timelineText } from './timeline-text';

const entry = (e: Partial<TimelineEntry>): TimelineEntry => ({
  status: 'awaiting_payment',
  at: '2030-01-01T09:00:00.000Z',
  note: 'English note from the api',
  ...e,
});

describe('timeline entries in the customer’s language (docs/product/money-movement.md#timeline-entries)', () => {
  it('words a coded entry in English and in French from its params', async () => {
    const received = entry({
      status: 'paid',
      code: 'payment_received',
      params: { amount: '10124', currency: 'GBP', method: 'card' },
    });
    await i18n.changeLanguage('en');
    expect(timelineText(received, i18n.t, 'en')).toBe('We received your payment of £101.24 by card.');
    await i18n.changeLanguage('fr');
    const fr = timelineText(received, i18n.t, 'fr');
    const gbp = formatMoney({ amount: '10124', currency: 'GBP' }, 'fr');
    expect(fr).toBe(`Nous avons reçu votre paiement de ${gbp} par carte.`);
    expect(
      timelineText(
        entry({ code: 'payment_failed', params: { amount: '500', currency: 'EUR', reason: 'card_declined' } }),
        i18n.t,
        'fr',
      ),
    ).toBe(
      `Votre paiement de ${formatMoney({ amount: '500', currency: 'EUR' }, 'fr')} a échoué : la carte a été refusée.`,
    );
    await i18n.changeLanguage('en');
  });

  it('keeps the api’s note for an entry without a code or with a figure missing', () => {
    expect(timelineText(entry({}), i18n.t, 'en')).toBe('English note from the api');
    expect(timelineText(entry({ code: 'refund_sent', params: {} }), i18n.t, 'en')).toBe('English note from the api');
    expect(timelineText(entry({ note: null }), i18n.t, 'en')).toBeNull();
  });
});
