import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRICING_MODES } from '@crypto-pay/protocol/proxy-api';
import {
  apiQuery,
  csvExportHref,
  dayStart,
  filtersFrom,
  filtersSearch,
  listPath,
  PRICING_FILTERS,
} from './payment-filters.ts';

describe('the payments list’s filters', () => {
  it('reads the page address, leaving out empty values', () => {
    const search = new URLSearchParams('q=+Ab12+&status=failed&detail=&currency=eur&other=1');
    assert.deepEqual(filtersFrom(search), { q: 'Ab12', status: 'failed', currency: 'eur' });
  });

  it('writes them back in a fixed order', () => {
    const search = filtersSearch({ status: 'paid', q: 'x y', amount_max: '10.5' });
    assert.equal(search.toString(), 'q=x+y&status=paid&amount_max=10.5');
  });

  it('gives the API a day range in Unix seconds, the last day included', () => {
    const query = apiQuery({ from: '2026-11-01', to: '2026-11-02' });
    assert.equal(query.get('created_from'), String(Date.UTC(2026, 10, 1) / 1000));
    assert.equal(query.get('created_to'), String(Date.UTC(2026, 10, 3) / 1000));
  });

  it('drops a date it cannot read instead of sending nonsense', () => {
    assert.equal(dayStart('1 Nov'), undefined);
    assert.equal(apiQuery({ from: 'yesterday' }).has('created_from'), false);
  });

  it('passes amounts as typed: decimal strings, never through a float', () => {
    const query = apiQuery({ amount_min: '0.10000000000000000001', amount_max: '1e3' });
    assert.equal(query.get('amount_min'), '0.10000000000000000001');
    assert.equal(query.get('amount_max'), '1e3');
  });

  it('asks for a page after the last one seen', () => {
    assert.equal(
      listPath({ status: 'failed', detail: 'underpaid' }, 'ckA', 25),
      '/admin/checkouts?status=failed&detail=underpaid&limit=25&before=ckA',
    );
  });

  it('filters by pricing with the names checkouts and the export carry', () => {
    assert.deepEqual(Object.keys(PRICING_FILTERS), [...PRICING_MODES]);
    for (const [value, mode] of Object.entries(PRICING_FILTERS)) assert.equal(value, mode);
  });

  it('exports the same filters as CSV, with no page', () => {
    const filters = { q: 'Ab12 cd', currency: 'btc', pricing: 'amount', stale: 'true' };
    assert.equal(
      csvExportHref(filters),
      '/admin/checkouts/export?q=Ab12+cd&stale=true&pricing=amount&currency=BTC',
    );
    assert.equal(csvExportHref({}), '/admin/checkouts/export');
  });
});
