import { describe, expect, it } from 'vitest';
import { matchRoute } from './router';

describe('the shop’s addresses', () => {
  it('matches every shop page', () => {
    expect(matchRoute('/de/shop/7')).toEqual({ name: 'list', lang: 'de', team: '7' });
    expect(matchRoute('/en/shop/yoga-loft/')).toEqual({ name: 'list', lang: 'en', team: 'yoga-loft' });
    expect(matchRoute('/fr/shop/7/activity/12')).toEqual({ name: 'activity', lang: 'fr', team: '7', id: 12 });
    expect(matchRoute('/de/shop/7/checkout')).toEqual({ name: 'checkout', lang: 'de', team: '7' });
    expect(matchRoute('/de/shop/7/order/55')).toEqual({ name: 'order', lang: 'de', team: '7', id: 55 });
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
