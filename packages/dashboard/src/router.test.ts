import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseRoute,
  paymentsListHref,
  rememberPaymentsList,
  returnPath,
  routeHref,
  signInHref,
} from './router.ts';

describe('the client routes', () => {
  it('reads each page of the contract', () => {
    assert.equal(parseRoute('/dashboard/').page, 'payments');
    assert.equal(parseRoute('/dashboard').page, 'payments');
    for (const page of [
      'webhooks',
      'money',
      'callbacks',
      'audit',
      'accounts',
      'account',
      'sign-in',
    ]) {
      assert.equal(parseRoute(`/dashboard/${page}`).page, page);
      assert.equal(parseRoute(`/dashboard/${page}/`).page, page);
    }
  });

  it('reads a payment’s id, dashes and underscores included', () => {
    assert.deepEqual(parseRoute('/dashboard/payments/Ab-_cdEFgh12345678901x'), {
      page: 'payment',
      id: 'Ab-_cdEFgh12345678901x',
    });
  });

  it('keeps the search of the payments list (a reference from the demo’s orders)', () => {
    const route = parseRoute('/dashboard/', '?q=Ab-_+cdEF&status=failed');
    assert.equal(route.page, 'payments');
    assert.equal(route.page === 'payments' && route.search.get('q'), 'Ab-_ cdEF');
    assert.equal(routeHref(route), '/dashboard/?q=Ab-_+cdEF&status=failed');
  });

  it('keeps the audit log’s filters in its address', () => {
    const route = parseRoute('/dashboard/audit', '?actor=ann&action=sign_in');
    assert.equal(route.page === 'audit' && route.search.get('actor'), 'ann');
    assert.equal(routeHref(route), '/dashboard/audit?actor=ann&action=sign_in');
  });

  it('finds nothing at other paths', () => {
    for (const path of [
      '/dashboard/nope',
      '/dashboard/payments',
      '/dashboard/payments/a/b',
      '/dashboard/payments/%E0%A4%A',
      '/admin/checkouts',
    ]) {
      assert.equal(parseRoute(path).page, 'not-found', path);
    }
  });

  it('writes the address of every route back', () => {
    assert.equal(routeHref({ page: 'payment', id: 'a/b c' }), '/dashboard/payments/a%2Fb%20c');
    assert.equal(routeHref({ page: 'audit', search: new URLSearchParams() }), '/dashboard/audit');
    assert.equal(routeHref({ page: 'payments', search: new URLSearchParams() }), '/dashboard/');
    const money = new URLSearchParams({ amount: '0.5', currency: 'BTC' });
    assert.equal(
      routeHref({ page: 'money', search: money }),
      '/dashboard/money?amount=0.5&currency=BTC',
    );
    for (const path of ['/dashboard/webhooks', '/dashboard/sign-in', '/dashboard/payments/x']) {
      assert.equal(routeHref(parseRoute(path)), path);
    }
  });

  it('sends sign-in back to the page that needed it, and only to a page of the dashboard', () => {
    assert.equal(
      signInHref('/dashboard/payments/Ab-_x?y=1'),
      '/dashboard/sign-in?next=%2Fdashboard%2Fpayments%2FAb-_x%3Fy%3D1',
    );
    assert.equal(signInHref('/dashboard/'), '/dashboard/sign-in');
    assert.equal(returnPath('/dashboard/payments/Ab-_x?y=1'), '/dashboard/payments/Ab-_x?y=1');
    for (const next of [
      'https://evil.example/dashboard/',
      '//evil.example/dashboard/',
      '/dashboard/sign-in?next=/dashboard/',
      '/dashboard/nope',
      '/admin/checkouts',
      '/dashboard/../admin/checkouts',
      null,
    ]) {
      assert.equal(returnPath(next), undefined, String(next));
    }
  });

  it('leads a payment back to the payments list as it was left, its search and page kept', () => {
    assert.equal(paymentsListHref(), '/dashboard/');
    rememberPaymentsList(new URLSearchParams({ status: 'failed', before: 'ckB' }));
    assert.equal(paymentsListHref(), '/dashboard/?status=failed&before=ckB');
    rememberPaymentsList(new URLSearchParams());
    assert.equal(paymentsListHref(), '/dashboard/');
  });
});
