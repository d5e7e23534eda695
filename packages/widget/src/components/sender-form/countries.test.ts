import { expect } from '@open-wc/testing';
import { matchingCountries } from './countries.ts';

const codes = (locale: string, search: string) =>
  matchingCountries(locale, search, '').map((country) => country.alpha3);

describe('country search', () => {
  it('finds a country typed without its accents, or with them, in any case', () => {
    expect(codes('fr', 'etats')).to.include('USA');
    expect(codes('fr', 'ÉTATS')).to.include('USA');
    expect(codes('de', 'osterreich')).to.include('AUT');
    expect(codes('es', 'mexico')).to.include('MEX');
    expect(codes('es', 'méxico')).to.include('MEX');
  });

  it('finds a country by its code, and keeps the chosen one whatever the search', () => {
    expect(codes('en', 'deu')).to.include('DEU');
    expect(matchingCountries('en', 'zzz', 'FRA').map((country) => country.alpha3)).to.deep.equal([
      'FRA',
    ]);
  });
});
