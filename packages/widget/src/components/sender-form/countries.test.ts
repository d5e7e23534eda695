import { expect } from '@open-wc/testing';
import { countryNamed, matchingCountries } from './countries.ts';

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

  it('finds a country by its English name too, whatever the language of the page', () => {
    expect(codes('en', 'turkey')).to.deep.equal(['TUR']);
    expect(codes('de', 'germany')).to.deep.equal(['DEU']);
    expect(codes('fr', 'united kingdom')).to.deep.equal(['GBR']);
    expect(codes('fr', 'ivory coast')).to.deep.equal(['CIV']);
    expect(codes('de', 'deutschland')).to.deep.equal(['DEU']);
  });

  it('finds a country by its alpha-2 code, and the United Kingdom as UK', () => {
    expect(codes('en', 'uk')).to.include.members(['GBR', 'UKR']);
    expect(codes('de', 'UK')).to.include('GBR');
    expect(codes('en', 'gb')).to.include('GBR');
    expect(codes('es', 'tr')).to.include('TUR');
  });

  it('names a country by its whole name in any case, else by being the only match', () => {
    expect(countryNamed('en', 'Germany')).to.equal('DEU');
    expect(countryNamed('en', 'NIGER')).to.equal('NER');
    expect(countryNamed('de', 'guinea')).to.equal('GIN');
    expect(countryNamed('de', 'germany')).to.equal('DEU');
    expect(countryNamed('en', 'germ')).to.equal('DEU');
    expect(countryNamed('en', 'ger')).to.equal(undefined);
    expect(countryNamed('en', '  ')).to.equal(undefined);
    expect(countryNamed('en', 'zzzz')).to.equal(undefined);
  });

  it('names a country by its official name typed plainly: straight apostrophe, and, saint', () => {
    expect(countryNamed('en', "Cote d'Ivoire")).to.equal('CIV');
    expect(countryNamed('en', 'Côte d’Ivoire')).to.equal('CIV');
    expect(countryNamed('en', 'Bosnia and Herzegovina')).to.equal('BIH');
    expect(countryNamed('en', 'Bosnia & Herzegovina')).to.equal('BIH');
    expect(countryNamed('en', 'Saint Lucia')).to.equal('LCA');
    expect(countryNamed('en', 'St Lucia')).to.equal('LCA');
    expect(countryNamed('en', 'st kitts and nevis')).to.equal('KNA');
    expect(countryNamed('en', 'U.S. Virgin Islands')).to.equal('VIR');
    // A short search still finds what it is part of, not only the spelled-out forms.
    expect(codes('en', 'st')).to.include.members(['EST', 'LCA']);
  });
});
