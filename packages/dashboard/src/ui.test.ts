import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldValues } from './ui.ts';

describe('what a form holds', () => {
  it('trims text fields and leaves empty ones out', () => {
    const entries: [string, string][] = [
      ['name', '  ann '],
      ['note', '   '],
      ['q', ''],
    ];
    assert.deepEqual(fieldValues(entries, new Set()), { name: 'ann' });
  });

  it('keeps a password exactly as typed, spaces and all', () => {
    const entries: [string, string][] = [
      ['name', ' ann'],
      ['password', ' correct horse battery '],
    ];
    assert.deepEqual(fieldValues(entries, new Set(['password'])), {
      name: 'ann',
      password: ' correct horse battery ',
    });
  });

  it('leaves out a password of spaces only, as the field were empty', () => {
    assert.deepEqual(fieldValues([['password', '   ']], new Set(['password'])), {});
  });
});
