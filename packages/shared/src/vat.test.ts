import { describe, expect, it } from 'vitest';
import { validateVatId } from './vat.ts';

// Known-valid numbers are published examples (e.g. the python-stdnum documentation),
// hand-checked against the algorithm; the invalid ones differ in the check digit only.

describe('validateVatId – Swiss UID', () => {
  it.each([
    ['CHE-116.281.710 MWST', 'CHE-116.281.710 MWST'],
    ['CHE-100.155.212', 'CHE-100.155.212'],
    ['CHE-123.456.788', 'CHE-123.456.788'],
    ['CHE123456788MWST', 'CHE-123.456.788 MWST'],
    ['che 123 456 788 tva', 'CHE-123.456.788 TVA'],
    ['CHE-123.456.788 IVA', 'CHE-123.456.788 IVA'],
  ])('accepts %s', (input, normalized) => {
    expect(validateVatId(input)).toEqual({ valid: true, normalized, country: 'CH' });
  });

  it('computes the check digit with weights 5,4,3,2,7,6,5,4 (11 → 0)', () => {
    // 1·5+1·4+6·3+2·2+8·7+1·6+7·5+1·4 = 132 ≡ 0 (mod 11) → check 11 → 0
    expect(validateVatId('CHE-116.281.710').valid).toBe(true);
    expect(validateVatId('CHE-116.281.711')).toEqual({ valid: false, country: 'CH', reason: 'checksum' });
  });

  it('rejects a wrong check digit', () => {
    expect(validateVatId('CHE-123.456.789')).toEqual({ valid: false, country: 'CH', reason: 'checksum' });
  });

  it('rejects UIDs whose check digit would be 10', () => {
    // 0·5+0·4+0·3+0·2+0·7+0·6+0·5+3·4 = 12 ≡ 1 (mod 11) → 11 − 1 = 10: no last digit fits
    for (let last = 0; last <= 9; last++) {
      expect(validateVatId(`CHE-000.000.03${last}`).reason).toBe('checksum');
    }
    // 1·5+1·4 = 9 → check 2
    expect(validateVatId('CHE-100.000.012').valid).toBe(true);
  });

  it('rejects malformed UIDs', () => {
    expect(validateVatId('CHE-123.456.78').reason).toBe('format');
    expect(validateVatId('CHE-123.456.7888').reason).toBe('format');
    expect(validateVatId('CHE-123.456.788 HR').reason).toBe('format');
    expect(validateVatId('CHE-123.456.788 MWSTX').reason).toBe('format');
  });

  it('accepts CHE numbers for Liechtenstein and Switzerland, bare or prefixed', () => {
    expect(validateVatId('CHE-116.281.710 MWST', 'LI')).toMatchObject({ valid: true, normalized: 'CHE-116.281.710 MWST' });
    expect(validateVatId('CHE-116.281.710', 'ch')).toMatchObject({ valid: true, country: 'CH' });
    expect(validateVatId('116.281.710 MWST', 'CH')).toMatchObject({ valid: true, normalized: 'CHE-116.281.710 MWST' });
    expect(validateVatId('116281710', 'LI')).toMatchObject({ valid: true, normalized: 'CHE-116.281.710' });
  });

  it('does not accept LI + digits (not a VAT format)', () => {
    expect(validateVatId('LI12345').valid).toBe(false);
    expect(validateVatId('LI12345', 'LI').valid).toBe(false);
  });
});

describe('validateVatId – check-digit countries', () => {
  it.each([
    ['ATU13585627', 'ATU13585627'],
    ['AT U 135 856 27', 'ATU13585627'],
    ['BE0403019261', 'BE0403019261'],
    ['BE 428759497', 'BE0428759497'], // old 9-digit form
    ['DE136695976', 'DE136695976'],
    ['de 136.695.976', 'DE136695976'],
    ['DK13585628', 'DK13585628'],
    ['ESB64717838', 'ESB64717838'], // CIF, digit check
    ['ES J99216582', 'ESJ99216582'], // CIF
    ['ES54362315K', 'ES54362315K'], // DNI
    ['ES X-5253868-R', 'ESX5253868R'], // NIE
    ['FI20774740', 'FI20774740'],
    ['FR 40 303 265 045', 'FR40303265045'],
    ['FR23334175221', 'FR23334175221'],
    ['FRK7399859412', 'FRK7399859412'], // new-style letter key (format only)
    ['HR33392005961', 'HR33392005961'],
    ['IT00743110157', 'IT00743110157'],
    ['LU15027442', 'LU15027442'],
    ['NL004495445B01', 'NL004495445B01'], // RSIN 11-proof
    ['NL002455799B11', 'NL002455799B11'], // sole proprietor, MOD 97-10 (since 2020)
    ['PL8567346215', 'PL8567346215'],
    ['pl 856-734-62-15', 'PL8567346215'],
    ['PT501964843', 'PT501964843'],
    ['SE123456789701', 'SE123456789701'],
  ])('accepts %s', (input, normalized) => {
    expect(validateVatId(input)).toMatchObject({ valid: true, normalized });
  });

  it.each([
    'ATU13585626',
    'BE0431150351',
    'DE136695978',
    'DK13585627',
    'ESB64717839',
    'ES54362315Z',
    'ESX5253868A',
    'FI20774741',
    'FR84323140391',
    'HR33392005962',
    'IT00743110158',
    'LU15027443',
    'NL123456789B90',
    'PL8567346216',
    'PT501964842',
    'SE123456789101',
  ])('rejects wrong check digit in %s', (input) => {
    expect(validateVatId(input)).toMatchObject({ valid: false, reason: 'checksum' });
  });

  it.each([
    'ATU1358562', // too short
    'AT13585627', // missing U
    'BE2403019261', // must start with 0 or 1
    'DE13669597', // 8 digits
    'DE0136695976', // 10 digits
    'DK1358562',
    'ESI64717838', // I is no entity letter
    'FI2077474',
    'FRIO303265045', // I and O are not used in keys
    'IT0074311015',
    'NL004495445C01',
    'NL004495445B1',
    'PL856734621',
    'PT001964843', // leading 0
    'SE123456789702', // must end in 01
    'SE1234567897',
  ])('rejects malformed %s', (input) => {
    expect(validateVatId(input)).toMatchObject({ valid: false, reason: 'format' });
  });

  it('reports the country of the prefix even when invalid', () => {
    expect(validateVatId('DE136695978').country).toBe('DE');
    expect(validateVatId('DE136695976').normalized).toBe('DE136695976');
  });
});

describe('validateVatId – format-only countries', () => {
  it.each([
    ['BG175074752', 'BG175074752', 'BG'],
    ['BG 1750747520', 'BG1750747520', 'BG'],
    ['CY10259033P', 'CY10259033P', 'CY'],
    ['CZ25123891', 'CZ25123891', 'CZ'],
    ['CZ7103192745', 'CZ7103192745', 'CZ'],
    ['EE100931558', 'EE100931558', 'EE'],
    ['EL094259216', 'EL094259216', 'GR'],
    ['GR094259216', 'EL094259216', 'GR'], // GR → EL
    ['HU12892312', 'HU12892312', 'HU'],
    ['IE6433435F', 'IE6433435F', 'IE'],
    ['IE6433435OA', 'IE6433435OA', 'IE'],
    ['IE8D79739I', 'IE8D79739I', 'IE'],
    ['LT119511515', 'LT119511515', 'LT'],
    ['LT100001919017', 'LT100001919017', 'LT'],
    ['LV40003521600', 'LV40003521600', 'LV'],
    ['MT11679112', 'MT11679112', 'MT'],
    ['RO18547290', 'RO18547290', 'RO'],
    ['RO 12', 'RO12', 'RO'],
    ['SI50223054', 'SI50223054', 'SI'],
    ['SK2022749619', 'SK2022749619', 'SK'],
    ['GB980780684', 'GB980780684', 'GB'],
    ['GB 980 7806 84 000', 'GB980780684000', 'GB'],
    ['GBGD001', 'GBGD001', 'GB'],
    ['GBHA500', 'GBHA500', 'GB'],
    ['XI980780684', 'XI980780684', 'GB'],
  ])('accepts %s', (input, normalized, country) => {
    expect(validateVatId(input)).toEqual({ valid: true, normalized, country });
  });

  it.each([
    'BG12345678',
    'CY102590330',
    'CZ1234567',
    'EE10093155',
    'EL12345678',
    'HU1289231',
    'IE643343',
    'LT1195115150',
    'LV4000352160',
    'MT1167911',
    'RO1',
    'RO0123456',
    'SI0223054',
    'SK0022749619',
    'GB98078068',
    'GBGD500',
    'GBHA499',
  ])('rejects %s', (input) => {
    expect(validateVatId(input)).toMatchObject({ valid: false, reason: 'format' });
  });
});

describe('validateVatId – billing country', () => {
  it('prepends the country prefix to a bare number', () => {
    expect(validateVatId('136695976', 'DE')).toEqual({ valid: true, normalized: 'DE136695976', country: 'DE' });
    expect(validateVatId('U13585627', 'AT')).toMatchObject({ valid: true, normalized: 'ATU13585627' });
    expect(validateVatId('094259216', 'GR')).toMatchObject({ valid: true, normalized: 'EL094259216' });
    expect(validateVatId('B64717838', 'ES')).toMatchObject({ valid: true, normalized: 'ESB64717838' });
    expect(validateVatId('K7399859412', 'FR')).toMatchObject({ valid: true, normalized: 'FRK7399859412' });
    expect(validateVatId('980780684', 'GB')).toMatchObject({ valid: true, normalized: 'GB980780684' });
    expect(validateVatId('136695978', 'DE')).toMatchObject({ valid: false, reason: 'checksum' });
  });

  it('refuses a bare number without a country', () => {
    expect(validateVatId('136695976')).toEqual({ valid: false, reason: 'format' });
    expect(validateVatId('116281710')).toEqual({ valid: false, reason: 'format' });
  });

  it('refuses a bare number for a country without VAT scheme', () => {
    expect(validateVatId('136695976', 'US')).toEqual({ valid: false, reason: 'format' });
  });

  it('reports a prefix from another country', () => {
    expect(validateVatId('DE136695976', 'AT')).toEqual({ valid: false, country: 'DE', reason: 'country_mismatch' });
    expect(validateVatId('CHE-116.281.710 MWST', 'DE')).toMatchObject({ valid: false, country: 'CH', reason: 'country_mismatch' });
    expect(validateVatId('ATU13585627', 'CH')).toMatchObject({ reason: 'country_mismatch' });
    expect(validateVatId('ATU13585627', 'LI')).toMatchObject({ reason: 'country_mismatch' });
    expect(validateVatId('EL094259216', 'CY')).toMatchObject({ reason: 'country_mismatch' });
    expect(validateVatId('DE136695976', 'US')).toMatchObject({ reason: 'country_mismatch' });
  });

  it('treats GR ↔ EL, CH/LI ↔ CHE, GB ↔ XI as the same country', () => {
    expect(validateVatId('EL094259216', 'GR').valid).toBe(true);
    expect(validateVatId('GR094259216', 'gr').valid).toBe(true);
    expect(validateVatId('CHE-123.456.788', 'LI').valid).toBe(true);
    expect(validateVatId('XI980780684', 'GB').valid).toBe(true);
    expect(validateVatId('GB980780684', 'IM').valid).toBe(true);
    expect(validateVatId('FR40303265045', 'MC').valid).toBe(true);
  });

  it('reads a French letter key that looks like a prefix as part of the number', () => {
    // "HU" is a valid French key pattern; for billing country FR this is FRHU123456789.
    expect(validateVatId('HU123456789', 'FR')).toMatchObject({ valid: true, normalized: 'FRHU123456789' });
    expect(validateVatId('HU12892312', 'FR')).toMatchObject({ valid: false, reason: 'country_mismatch' });
  });

  it('ignores an empty country', () => {
    expect(validateVatId('DE136695976', '')).toMatchObject({ valid: true });
    expect(validateVatId('DE136695976', ' ')).toMatchObject({ valid: true });
  });
});

describe('validateVatId – input cleanup', () => {
  it('ignores case, spaces, dots and dashes', () => {
    expect(validateVatId('  de-136.695 976 ').normalized).toBe('DE136695976');
    expect(validateVatId('nl 0044.95445 b01').normalized).toBe('NL004495445B01');
    expect(validateVatId('CHE\u00a0116\u2013281\u2013710').normalized).toBe('CHE-116.281.710');
  });

  it('rejects empty and junk input', () => {
    expect(validateVatId('')).toEqual({ valid: false, reason: 'format' });
    expect(validateVatId(' - . ')).toEqual({ valid: false, reason: 'format' });
    expect(validateVatId('XX123456789')).toEqual({ valid: false, reason: 'format' });
    expect(validateVatId('DE13669597a')).toMatchObject({ valid: false, reason: 'format' });
    expect(validateVatId('DE136695976/')).toMatchObject({ valid: false, reason: 'format' });
  });
});
