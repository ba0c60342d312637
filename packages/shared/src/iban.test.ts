import { describe, expect, it } from 'vitest';
import { compactIban, formatIban, ibanProblem, isQrIban, isSwissIban, isValidIban } from './iban.ts';

describe('IBAN', () => {
  it('accepts valid IBANs as typed (spaces, lower case) and formats them in groups of four', () => {
    for (const iban of [
      'CH93 0076 2011 6238 5295 7',
      'ch9300762011623852957',
      'LI21 0881 0000 2324 013A A',
      'DE89 3704 0044 0532 0130 00',
      'GB29NWBK60161331926819',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
    expect(compactIban(' ch93 0076 2011 6238 5295 7 ')).toBe('CH9300762011623852957');
    expect(formatIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
  });

  it('refuses a wrong check digit, length, country or character', () => {
    expect(ibanProblem('CH94 0076 2011 6238 5295 7')).toBe('checksum');
    expect(ibanProblem('CH93 0076 2011 6238 5295 8')).toBe('checksum');
    expect(ibanProblem('CH93 0076 2011 6238 5295')).toBe('format');
    expect(ibanProblem('XX93 0076 2011 6238 5295 7')).toBe('format');
    expect(ibanProblem('CH93-0076-2011')).toBe('format');
    expect(ibanProblem('')).toBe('format');
    expect(isValidIban('1234')).toBe(false);
  });

  it('knows QR-IBANs by their institution id (30000–31999, CH/LI only)', () => {
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH93 0076 2011 6238 5295 7')).toBe(false);
    expect(isQrIban('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isSwissIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isSwissIban('DE89 3704 0044 0532 0130 00')).toBe(false);
  });
});
