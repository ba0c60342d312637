import { describe, expect, it } from 'vitest';
import { matchRoute, teamBase } from './router';

describe('the shop’s addresses', () => {
  it('matches every shop page', () => {
    expect(matchRoute('/de/shop/7')).toEqual({ name: 'list', lang: 'de', team: '7' });
    expect(matchRoute('/en/shop/yoga-loft/')).toEqual({ name: 'list', lang: 'en', team: 'yoga-loft' });
    expect(matchRoute('/fr/shop/7/activity/12')).toEqual({ name: 'activity', lang: 'fr', team: '7', id: 12 });
    expect(matchRoute('/de/shop/7/checkout')).toEqual({ name: 'checkout', lang: 'de', team: '7' });
    expect(matchRoute('/de/shop/7/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b')).toEqual({
      name: 'order',
      lang: 'de',
      team: '7',
      id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    });
    // Orders are named by their public id only: a sequential id is no order page.
    expect(matchRoute('/de/shop/7/order/55').name).toBe('notFound');
    expect(matchRoute('/de/shop/7/test-payment/pay_1')).toEqual({ name: 'testPayment', lang: 'de', team: '7', id: 'pay_1' });
    expect(matchRoute('/de/waitinglist/remove/success')).toEqual({ name: 'waitinglistRemoved', lang: 'de' });
  });

  it('answers anything else, and ids that are not numbers, with “not found”', () => {
    expect(matchRoute('/de/shop/7/activity/abc').name).toBe('notFound');
    expect(matchRoute('/de/shop/7/nothing').name).toBe('notFound');
    expect(matchRoute('/de/shop').name).toBe('notFound');
    expect(matchRoute('/de/shop/%E0%A4%A/').name).toBe('list');
  });
});

describe('the embed’s addresses', () => {
  it('are the shop’s pages under /{lang}/embed/{team}, marked as embedded', () => {
    expect(matchRoute('/de/embed/7')).toEqual({ name: 'list', lang: 'de', team: '7', embed: true });
    expect(matchRoute('/en/embed/yoga-loft/')).toEqual({ name: 'list', lang: 'en', team: 'yoga-loft', embed: true });
    expect(matchRoute('/de/embed/7/calendar')).toEqual({ name: 'list', lang: 'de', team: '7', embed: true, calendar: true });
    expect(matchRoute('/fr/embed/7/activity/12')).toEqual({ name: 'activity', lang: 'fr', team: '7', id: 12, embed: true });
    expect(matchRoute('/de/embed/7/checkout')).toEqual({ name: 'checkout', lang: 'de', team: '7', embed: true });
    expect(matchRoute('/de/embed/7/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b')).toEqual({
      name: 'order',
      lang: 'de',
      team: '7',
      id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
      embed: true,
    });
    expect(matchRoute('/de/embed/7/test-payment/pay_1')).toEqual({ name: 'testPayment', lang: 'de', team: '7', id: 'pay_1', embed: true });
    expect(matchRoute('/de/embed/7/waitinglist/3')).toEqual({ name: 'waitinglistOffer', lang: 'de', team: '7', id: 3, embed: true });
    expect(matchRoute('/fr/shop/7/waitinglist/3/remove')).toEqual({ name: 'waitinglistRemove', lang: 'fr', team: '7', id: 3 });
  });

  it('knows the calendar address only in embeds, and nothing else', () => {
    expect(matchRoute('/de/shop/7/calendar').name).toBe('notFound');
    expect(matchRoute('/de/embed').name).toBe('notFound');
    expect(matchRoute('/de/embed/7/activity/x').name).toBe('notFound');
    expect(matchRoute('/de/embed/7/elsewhere').name).toBe('notFound');
  });

  it('builds each visit’s base: links inside an embed stay in it', () => {
    expect(teamBase('de', '7', false)).toBe('/de/shop/7');
    expect(teamBase('en', 'yoga loft', true)).toBe('/en/embed/yoga%20loft');
  });
});
