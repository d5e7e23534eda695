import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvRow } from './csv.ts';

describe('CSV rows', () => {
  it('quote what needs it, as RFC 4180 says, and end in CRLF', () => {
    assert.equal(csvRow(['a', 'b c', undefined, 3]), 'a,b c,,3\r\n');
    assert.equal(csvCell('x,y'), '"x,y"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
  });

  it('defuse a cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      assert.ok(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`), start);
    }
    assert.equal(csvCell('=SUM(A1,A2)'), `"'=SUM(A1,A2)"`);
    assert.equal(csvCell('25.00'), '25.00');
  });
});
