import { describe, expect, it } from 'vitest';
import {
  datatransNotice,
  datatransSavedCard,
  datatransSignature,
  paymentRefno,
  refundRefno,
  SIGNATURE_TOLERANCE_MS,
  verifyDatatransSignature,
} from './datatrans.adapter.ts';

/** Datatrans' webhook signature and its notices, without a server (the contract test runs the rest end to end). */

const KEY = '0a1b2c3d'.repeat(8);
const body = Buffer.from('{"transactionId":"230101123456789","type":"payment","status":"settled"}');

describe('Datatrans-Signature', () => {
  const now = 1_795_000_000_000;
  const header = (t: number | string, key = KEY, raw: Buffer | string = body) => `t=${t},s0=${datatransSignature(key, String(t), raw)}`;

  it('accepts its own signature over the exact bytes, with the timestamp in ms or s, within 5 minutes', () => {
    expect(verifyDatatransSignature(body, header(now), KEY, now)).toBe(true);
    expect(verifyDatatransSignature(body, header(Math.floor(now / 1000)), KEY, now)).toBe(true);
    expect(verifyDatatransSignature(body, header(now - SIGNATURE_TOLERANCE_MS + 1000), KEY, now)).toBe(true);
    // Upper-case hex and a space after the comma are the same signature.
    const upper = header(now).replace(/,s0=(.+)$/, (_, hex: string) => `, s0=${hex.toUpperCase()}`);
    expect(verifyDatatransSignature(body, upper, KEY, now)).toBe(true);
  });

  it('refuses another key, other bytes, an old or future timestamp, and malformed headers', () => {
    expect(verifyDatatransSignature(body, header(now, 'ff'.repeat(32)), KEY, now)).toBe(false);
    expect(verifyDatatransSignature(Buffer.concat([body, Buffer.from(' ')]), header(now), KEY, now)).toBe(false);
    expect(verifyDatatransSignature(body, header(now - SIGNATURE_TOLERANCE_MS - 1000), KEY, now)).toBe(false);
    expect(verifyDatatransSignature(body, header(now + SIGNATURE_TOLERANCE_MS + 1000), KEY, now)).toBe(false);
    for (const bad of ['', 's0=abc', `t=${now}`, `t=abc,s0=${'0'.repeat(64)}`, `t=${now},s0=zz`, undefined, 42, 'x'.repeat(400)])
      expect(verifyDatatransSignature(body, bad, KEY, now), String(bad)).toBe(false);
  });
});

describe('notices', () => {
  const tx = { transactionId: '230101123456789', merchantId: '1100012345', currency: 'CHF', paymentMethod: 'TWI' };

  it('a settled payment is paid with its amount; authorized waits; canceled and failed decline', () => {
    const settled = datatransNotice(
      { ...tx, type: 'payment', status: 'settled', refno: paymentRefno(42), detail: { settle: { amount: 6000 } } },
      7,
    );
    expect(settled).toMatchObject({
      provider: 'datatrans',
      teamId: 7,
      outcome: 'paid',
      paymentId: 42,
      externalPaymentId: tx.transactionId,
      amountMinor: 6000,
      currency: 'CHF',
      eventId: `${tx.transactionId}:payment:settled`,
    });
    expect(datatransNotice({ ...tx, type: 'payment', status: 'authorized', refno: 'bk42' }, 7).outcome).toBe('processing');
    expect(datatransNotice({ ...tx, type: 'payment', status: 'canceled', refno: 'bk42' }, 7).outcome).toBe('declined');
    expect(datatransNotice({ ...tx, type: 'payment', status: 'failed', refno: 'bk42' }, 7).outcome).toBe('declined');
  });

  it('a settled credit is a refund step of its own amount, keyed by the credit transaction; other references are ignored', () => {
    const credit = datatransNotice(
      {
        ...tx,
        transactionId: '230101999',
        type: 'credit',
        status: 'settled',
        refno: refundRefno(42, 3),
        detail: { credit: { amount: 1000 } },
      },
      7,
    );
    expect(credit).toMatchObject({ outcome: 'refunded', paymentId: 42, refund: { stepMinor: 1000, refundKey: 'datatrans:230101999' } });
    for (const refno of [undefined, 'order-42', 'bk0', 'bk42-x', 'bk12345678901'])
      expect(datatransNotice({ ...tx, type: 'payment', status: 'settled', refno }, 7).outcome, String(refno)).toBe('ignored');
  });
});

describe('saved cards (aliases)', () => {
  const paid = {
    transactionId: '230101123456790',
    merchantId: '1100012345',
    currency: 'CHF',
    type: 'payment',
    status: 'settled',
    refno: 'bk42',
  };
  const card = { alias: '70119122433810042', masked: '424242xxxxxx4242', expiryMonth: '06', expiryYear: '29' };

  it('a settled card payment with an alias carries it (alias and expiry as the reference, brand and last four as the label)', () => {
    const notice = datatransNotice({ ...paid, paymentMethod: 'ECA', card }, 7);
    expect(notice.outcome).toBe('paid');
    expect(notice.savedCard).toEqual({
      reference: JSON.stringify({ alias: card.alias, expiryMonth: '06', expiryYear: '29' }),
      label: 'Mastercard •••• 4242',
    });
    // Numbers for the expiry are the same card; a one-digit month is padded.
    expect(datatransSavedCard({ ...paid, paymentMethod: 'VIS', card: { ...card, expiryMonth: 6, expiryYear: 29 } })?.reference).toBe(
      JSON.stringify({ alias: card.alias, expiryMonth: '06', expiryYear: '29' }),
    );
  });

  it('no alias, no expiry, a bad month, or a payment not paid: no saved card', () => {
    expect(datatransNotice({ ...paid, paymentMethod: 'VIS', card: { masked: card.masked } }, 7).savedCard).toBeUndefined();
    expect(datatransSavedCard({ ...paid, card: { alias: card.alias, masked: card.masked } })).toBeNull();
    expect(datatransSavedCard({ ...paid, card: { ...card, expiryMonth: '13' } })).toBeNull();
    expect(datatransNotice({ ...paid, status: 'authorized', card }, 7).savedCard).toBeUndefined();
    expect(datatransNotice({ ...paid, status: 'failed', card }, 7).savedCard).toBeUndefined();
  });
});
