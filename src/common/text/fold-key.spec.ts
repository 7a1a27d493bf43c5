import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { foldKey } from './fold-key';

describe('foldKey: NFC, then Unicode full case folding', () => {
  it('is derived from the pinned Unicode data package (the generated table is up to date)', () => {
    // Throws (exit 1, with the reason on stderr) when the committed table differs from the data.
    execFileSync(process.execPath, [join(__dirname, '../../../scripts/generate-case-folding.mjs'), '--check'], { stdio: 'pipe' });
  });

  it('trims and lower-cases ASCII', () => {
    expect(foldKey('  Buy MILK \n')).toBe('buy milk');
    expect(foldKey('milk!')).not.toBe(foldKey('milk'));
  });

  it('folds ß (and ẞ) to ss', () => {
    expect(foldKey('Straße')).toBe('strasse');
    expect(foldKey('STRASSE')).toBe(foldKey('straße'));
    expect(foldKey('ẞ')).toBe('ss');
  });

  it('matches a precomposed letter and the letter with a combining mark', () => {
    expect(foldKey('Caf\u00e9')).toBe(foldKey('CAFE\u0301'));
    expect(foldKey('caf\u00e9')).toBe('caf\u00e9');
    expect(foldKey('cafe')).not.toBe(foldKey('caf\u00e9'));
  });

  it('folds Greek sigma, capital, small and final alike', () => {
    expect(foldKey('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldKey('οδος')).toBe('οδοσ');
  });

  it('folds Turkish İ to i + U+0307 and leaves the dotless ı as it is (full folding, not Turkish rules)', () => {
    expect(foldKey('\u0130')).toBe('i\u0307');
    expect(foldKey('\u0130')).not.toBe(foldKey('i'));
    expect(foldKey('i\u0307')).toBe(foldKey('\u0130'));
    expect(foldKey('\u0131')).toBe('\u0131');
    expect(foldKey('\u0131')).not.toBe(foldKey('I'));
    expect(foldKey('I')).toBe('i');
  });

  it('folds letters outside the BMP and the Kelvin sign', () => {
    expect(foldKey('\u{10400}')).toBe('\u{10428}');
    expect(foldKey('\u212a')).toBe('k');
  });
});
