import { describe, expect, it } from 'vitest';
import { digestMail, type DigestEvent, type Recipient } from './notice-mails.ts';

/** The digest's dates follow decision 021: a US team's English is month-first with AM/PM, others day-first 24 h. */
const config = { appUrl: 'https://bookla.example', appName: 'Bookla' };
const events: DigestEvent[] = [
  {
    event: 'order_placed',
    orderId: 7,
    occurredAt: new Date('2031-03-14T22:30:00Z'),
    data: {
      number: 12,
      customer: 'Anna Muster',
      currency: 'USD',
      total_minor: 4500,
      refunded_minor: 0,
      payment_type: 'invoice',
      payment_status: 'paid',
      is_test: false,
    },
  },
];
const ada: Recipient = { id: 1, email: 'ada@example.com', firstname: 'Ada', language: 'en' };
const digest = (country: string, timeZone: string, to: Recipient = ada) =>
  digestMail(config, { teamId: 1, team: 'Loft', country, timeZone, day: '2031-03-14', events, to });

describe('the digest’s dates', () => {
  it('are month-first with AM/PM for a US team in English, day-first 24 h for a Swiss one', () => {
    const us = digest('US', 'America/New_York');
    expect(us.subject).toContain('03/14/2031');
    expect(us.text).toContain('6:30 PM – New order');
    const ch = digest('CH', 'Europe/Zurich');
    expect(ch.subject).toContain('14/03/2031');
    expect(ch.text).toContain('23:30 – New order');
  });

  it('follow the recipient’s own choice, and only in English', () => {
    expect(digest('US', 'America/New_York', { ...ada, dateFormat: 'day_first' }).text).toContain('18:30 – New order');
    expect(digest('CH', 'Europe/Zurich', { ...ada, dateFormat: 'us' }).subject).toContain('03/14/2031');
    expect(digest('US', 'America/New_York', { ...ada, language: 'de', dateFormat: 'us' }).subject).toContain('14.03.2031');
  });
});
