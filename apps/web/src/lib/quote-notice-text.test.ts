import type { QuoteNotice } from '@remit/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatMoney } from './format-money';
import { quoteNoticeLinkText, quoteNoticeText } from './quote-notice-text';

const notice = (code: QuoteNotice['code'], params: Record<string, string>): QuoteNotice => ({
  type: 'blocked',
  code,
  text: `The api's English words for ${code}.`,
  link: null,
  params,
});

describe('quoteNoticeText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('words each notice from its figures, in the customer’s language and formats', async () => {
    const over = notice('over_30_day_limit', { limit: '2500000', limit_currency: 'GBP', used: '2450000' });
    expect(quoteNoticeText(over, i18n.t, 'en')).toBe(
      'This is over your 30-day limit of £25,000.00: £24,500.00 already counts against it (your transfers of the last 30 days, unpaid ones included).',
    );
    await i18n.changeLanguage('fr');
    const fr = (amount: string) => formatMoney({ amount, currency: 'GBP' }, 'fr');
    expect(quoteNoticeText(over, i18n.t, 'fr')).toBe(
      `C’est au-dessus de votre limite sur 30 jours de ${fr('2500000')} : ${fr('2450000')} y sont déjà comptés (vos transferts des 30 derniers jours, y compris ceux non payés).`,
    );
  });

  it('formats the bounds of a corridor and the per-transfer limit with their currencies', () => {
    expect(
      quoteNoticeText(
        notice('below_corridor_minimum', {
          min_send: '100',
          send_currency: 'GBP',
          min_receive: '10000',
          target_currency: 'KES',
        }),
        i18n.t,
        'en',
      ),
    ).toBe(
      'This is below the smallest transfer to this destination: send at least £1.00 and have the recipient get at least KES\u00a0100.00.',
    );
    expect(
      quoteNoticeText(
        notice('over_per_transfer_limit', {
          limit: '1000000',
          limit_currency: 'GBP',
          amount: '1150000',
          currency: 'EUR',
          amount_in_limit_currency: '1003456',
        }),
        i18n.t,
        'en',
      ),
    ).toBe('This is over your limit of £10,000.00 per transfer (€11,500.00 is about £10,034.56).');
  });

  it('falls back to the api’s text when a figure is missing or malformed', () => {
    expect(quoteNoticeText(notice('over_30_day_limit', { limit: '2500000' }), i18n.t, 'en')).toBe(
      "The api's English words for over_30_day_limit.",
    );
    expect(
      quoteNoticeText(notice('rate_date', { as_of: 'yesterday', locked_until: 'x', target_amount: '1' }), i18n.t, 'en'),
    ).toBe("The api's English words for rate_date.");
  });
});

describe('quoteNoticeLinkText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('says a limit notice’s link shows the limits; other notices keep the screen’s own words', async () => {
    expect(quoteNoticeLinkText(notice('over_30_day_limit', {}), i18n.t)).toBe('See your limits');
    expect(quoteNoticeLinkText(notice('over_per_transfer_limit', {}), i18n.t)).toBe('See your limits');
    expect(quoteNoticeLinkText(notice('verification_needed', {}), i18n.t)).toBeNull();
    await i18n.changeLanguage('fr');
    expect(quoteNoticeLinkText(notice('over_30_day_limit', {}), i18n.t)).toBe('Voir vos plafonds');
  });
});
