import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { validate } from './validation.ts';

const schema = z.object({
  name: z.string(),
  tags: z.optional(z.array(z.string())),
  size: z.optional(z.enum(['small', 'large'])),
  currency: z.optional(z.union([z.string(), z.object({ iso: z.string() })])),
  count: z.optional(z.int()),
  named: z.optional(z.string({ error: 'The named must be a name.' })),
});

const failure = (input: unknown) => {
  const result = validate(schema, input);
  assert.ok(!result.success);
  return { error: result.failure.error.message, field: result.failure.field };
};

describe('validate: sentences where a schema gives none', () => {
  it('says a missing field is mandatory and a given one of the wrong type is of the wrong type', () => {
    assert.deepEqual(failure({}), { error: 'The name is a mandatory field.', field: 'name' });
    assert.deepEqual(failure({ name: 5 }), { error: 'The name must be a string.', field: 'name' });
    assert.deepEqual(failure({ name: null }), {
      error: 'The name must be a string.',
      field: 'name',
    });
  });

  it('names the kind expected, at any depth, never "Invalid input"', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tags: 'a' }, 'The tags must be a list.', 'tags'],
      [{ tags: [5] }, 'The tags.0 must be a string.', 'tags.0'],
      [{ size: 'medium' }, 'The size must be one of small, large.', 'size'],
      [{ currency: 5 }, 'The currency must be a string or an object.', 'currency'],
      [{ currency: { iso: 5 } }, 'The currency.iso must be a string.', 'currency.iso'],
      [{ count: 1.5 }, 'The count must be a whole number.', 'count'],
    ];
    for (const [change, error, field] of cases) {
      assert.deepEqual(failure({ name: 'a', ...change }), { error, field });
    }
  });

  it('keeps a schema’s own sentence, and zod’s for the body itself for its caller to word', () => {
    assert.equal(failure({ name: 'a', named: 5 }).error, 'The named must be a name.');
    assert.deepEqual(failure([]), { error: 'Invalid input', field: '' });
  });
});
