import { describe, expect, it } from 'vitest';
import { failureReason, maskSecrets, maskUrl, redactError } from './mail-secrets.ts';

const BASE64URL_TOKEN = 'pQ7x_Rk2-Lm9ZtY4sVb1Nc8Hd3Wf6Ge0Jq5Uo2Ai7Ey';

describe('maskUrl', () => {
  it('masks the secret of every link the product sends', () => {
    // Password reset (staff and customer): the token; the address stays.
    expect(maskUrl(`http://localhost:3000/de/reset/password/${BASE64URL_TOKEN}/anna%40example.com`)).toBe(
      'http://localhost:3000/de/reset/password/•••/anna%40example.com',
    );
    expect(maskUrl(`https://app.example/fr/customer/reset/password/abc/anna@example.com`)).toBe(
      'https://app.example/fr/customer/reset/password/•••/anna@example.com',
    );
    // Invitation: the token after team and invitation ids, even a short one.
    expect(maskUrl('http://localhost:3000/en/accept-invite/12/34/short')).toBe('http://localhost:3000/en/accept-invite/12/34/•••');
    // Verification: hash in the path, expiry and signature in the query.
    expect(maskUrl(`http://x.test/api/srl/email/verify/7/${BASE64URL_TOKEN}?expires=1767225600&signature=abcDEF123`)).toBe(
      'http://x.test/api/srl/email/verify/7/•••?expires=•••&signature=•••',
    );
    // The customer's order page and documents: the token query value.
    expect(maskUrl('http://localhost:3000/de/shop/5/order/77?token=Ab3dEf6hIj9kLm2nOp5qRs')).toBe(
      'http://localhost:3000/de/shop/5/order/77?token=•••',
    );
    // A ticket's check-in link: the code.
    expect(maskUrl('http://localhost:3000/ticket/abcdefgh/checkin')).toBe('http://localhost:3000/ticket/•••/checkin');
  });

  it('keeps what is no secret: slugs, ids, the language; masks fragments and unknown random segments', () => {
    expect(maskUrl('https://bookla.ch/de/shop/yoga-zuerich-2026/activity/12?lang=de')).toBe(
      'https://bookla.ch/de/shop/yoga-zuerich-2026/activity/12?lang=de',
    );
    expect(maskUrl(`https://other.example/x/${BASE64URL_TOKEN}/y`)).toBe('https://other.example/x/•••/y');
    expect(maskUrl(`https://other.example/${'a1b2c3d4'.repeat(4)}`)).toBe('https://other.example/•••');
    expect(maskUrl('https://other.example/page#access_token=xyz')).toBe('https://other.example/page#•••');
    expect(maskUrl('https://other.example/page?flag')).toBe('https://other.example/page?flag');
  });
});

describe('maskSecrets', () => {
  it('masks every URL in a text and leaves the sentence around it', () => {
    const text = `Open: http://localhost:3000/de/shop/1/order/2?token=SeCrEt123. Or (https://a.example/reset/password/${BASE64URL_TOKEN}/a@b.c), thanks.`;
    expect(maskSecrets(text)).toBe(
      'Open: http://localhost:3000/de/shop/1/order/2?token=•••. Or (https://a.example/reset/password/•••/a@b.c), thanks.',
    );
    expect(maskSecrets('no links here, token=abc')).toBe('no links here, token=abc');
  });
});

describe('redactError', () => {
  it('removes our mail servers’ addresses and keeps what explains the failure', () => {
    expect(redactError('connect ECONNREFUSED 127.0.0.1:2525')).toBe('connect ECONNREFUSED [server]');
    expect(redactError('getaddrinfo ENOTFOUND smtp.internal.example')).toBe('getaddrinfo ENOTFOUND [server]');
    expect(redactError('connect ETIMEDOUT [2001:db8::25]:587')).toBe('connect ETIMEDOUT [server]');
    expect(redactError('Greeting never received from mail.corp.example:465')).toBe('Greeting never received from [server]');
    expect(redactError('550 5.1.1 <anna@example.com>: Recipient address rejected: User unknown')).toBe(
      '550 5.1.1 <anna@example.com>: Recipient address rejected: User unknown',
    );
    expect(redactError('x'.repeat(2000))).toHaveLength(500);
  });
});

describe('failureReason', () => {
  it('names the kind of failure', () => {
    expect(failureReason(null)).toBeNull();
    expect(failureReason("Can't send mail - all recipients were rejected: 550 5.1.1 User unknown")).toBe('recipient_rejected');
    expect(failureReason('connect ECONNREFUSED 127.0.0.1:2525')).toBe('connection');
    expect(failureReason('Invalid login: 535 Authentication failed')).toBe('server');
    expect(failureReason('no renderer for mail attachments of kind tickets')).toBe('attachment');
    expect(failureReason('421 Service not available')).toBe('server');
    expect(failureReason('something odd')).toBe('other');
  });
});
