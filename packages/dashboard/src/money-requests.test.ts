import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createInvoiceSchema, createWithdrawalSchema, parseJson } from '@crypto-pay/protocol';
import {
  amountNumber,
  identityFrom,
  invoiceBody,
  newForeignId,
  withdrawalBody,
} from './money-requests.ts';
import { strings } from './strings.ts';

const COMPANY = { type: 'legal', legal_name: 'Shop BV', country_of_registration: 'NLD' } as const;

describe('the Money page’s requests', () => {
  it('writes the amount as a JSON number with the typed digits', () => {
    const body = (amount: string) =>
      withdrawalBody({
        amount,
        currency: 'BTC',
        address: 'a',
        reference: 'r',
        sender: COMPANY,
        receiver: { type: 'self' },
      });
    assert.match(body('0.00000001'), /^\{"amount":0\.00000001,/);
    assert.match(body(' 12.50 '), /^\{"amount":12\.50,/);
    const exact = '123456789012345678901.123456789';
    assert.match(body(exact), new RegExp(`^\\{"amount":${exact.replace('.', '\\.')},`));
  });

  it('refuses an amount that is not decimal digits, in the catalogue’s words', () => {
    for (const amount of ['1e-8', '', '12,50', '-1', '0x10', '1}']) {
      assert.throws(() => amountNumber(amount), { message: strings.money.amountDigits }, amount);
    }
  });

  it('builds an invoice the service takes, the reference as its foreign_id', () => {
    const body = invoiceBody({
      title: 'Order 7',
      amount: '0.5',
      currency: 'btc',
      reference: 'inv-7',
      email: 'buyer@example.com',
      returnUrl: 'https://shop.example/',
      payer: { type: 'natural', first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-01-02' },
    });
    assert.match(body, /^\{"amount":0\.5,/);
    const parsed = JSON.parse(body);
    assert.equal(parsed.currency, 'BTC');
    assert.equal(parsed.foreign_id, 'inv-7');
    assert.equal(parsed.sender_type, 'natural');
    assert.deepEqual(parsed.sender_data, {
      first_name: 'Ann',
      last_name: 'Lee',
      date_of_birth: '1990-01-02',
    });
  });

  it('builds a withdrawal to the merchant’s own wallet or to someone else', () => {
    const own = JSON.parse(
      withdrawalBody({
        amount: '0.001',
        currency: 'BTC',
        address: 'tb1q',
        reference: 'wd-1',
        sender: COMPANY,
        receiver: { type: 'self' },
      }),
    );
    assert.equal(own.receiver_type, 'self');
    assert.equal('receiver_data' in own, false);
    assert.equal('tag' in own, false);
    assert.deepEqual(own.sender_data, { legal_name: 'Shop BV', country_of_registration: 'NLD' });
    const other = JSON.parse(
      withdrawalBody({
        amount: '1',
        currency: 'XRP',
        address: 'r1',
        tag: '42',
        reference: 'wd-2',
        sender: COMPANY,
        receiver: COMPANY,
      }),
    );
    assert.equal(other.tag, '42');
    assert.equal(other.receiver_type, 'legal');
  });

  it('builds bodies the proxy’s own schemas accept, amounts exact', () => {
    const invoice = createInvoiceSchema.safeParse(
      parseJson(
        invoiceBody({
          title: 'Order 8',
          amount: '0.00000001',
          currency: 'BTC',
          reference: 'inv-8',
          email: 'buyer@example.com',
          returnUrl: 'https://shop.example/',
          payer: { type: 'legal', legal_name: 'Buyer BV', country_of_registration: 'NLD' },
        }),
      ),
    );
    assert.equal(invoice.success, true, JSON.stringify(invoice.error?.issues));
    assert.equal(invoice.data?.amount, '0.00000001');
    const withdrawal = createWithdrawalSchema.safeParse(
      parseJson(
        withdrawalBody({
          amount: '123456789012345678901.123456789',
          currency: 'USDT',
          address: 'T9y',
          tag: '7',
          reference: 'wd-3',
          sender: COMPANY,
          receiver: {
            type: 'natural',
            first_name: 'Ann',
            last_name: 'Lee',
            date_of_birth: '1990-01-02',
          },
        }),
      ),
    );
    assert.equal(withdrawal.success, true, JSON.stringify(withdrawal.error?.issues));
    assert.equal(withdrawal.data?.amount, '123456789012345678901.123456789');
  });

  it('reads an identity from the form’s prefixed fields', () => {
    assert.deepEqual(identityFrom({ receiver_type: 'self' }, 'receiver_'), { type: 'self' });
    assert.deepEqual(
      identityFrom(
        { payer_type: 'legal', payer_legal_name: 'X', payer_country_of_registration: 'deu' },
        'payer_',
      ),
      { type: 'legal', legal_name: 'X', country_of_registration: 'DEU' },
    );
  });

  it('makes foreign ids that differ', () => {
    const id = newForeignId('wd_');
    assert.match(id, /^wd_[A-Za-z0-9_-]{16}$/);
    assert.notEqual(id, newForeignId('wd_'));
  });
});
