/**
 * zod schemas as JSON Schema for /openapi.json: the requests, with the parts zod cannot express
 * (custom checks) described by hand (sender data, the payment currency, amounts sent as JSON
 * numbers), and the answers, as components that name each other by `$ref`.
 */

import {
  MAX_NAME_LENGTH,
  PARTY_FIELDS,
  paymentCurrencySchema,
  type SenderType,
  senderDataFieldSchema,
} from '@crypto-pay/protocol';
import { checkoutPaymentCurrencySchema } from '@crypto-pay/protocol/proxy-api';
import { type ResolverReturnType, resolver } from 'hono-openapi';
import * as z from 'zod/mini';

/** Each kind of sender field as JSON Schema (its rules are functions: `sender.ts`). */
const SENDER_FIELD = {
  name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH },
  date: { type: 'string', format: 'date' },
  country: { type: 'string', minLength: 3, maxLength: 3 },
};

/** One sender type's data: its own fields required, the other type's left out. */
function senderData(type: SenderType) {
  const other = type === 'natural' ? 'legal' : 'natural';
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        Object.entries(PARTY_FIELDS[type]).map(([field, kind]) => [field, SENDER_FIELD[kind]]),
      ),
      ...Object.fromEntries(Object.keys(PARTY_FIELDS[other]).map((field) => [field, { not: {} }])),
    },
    required: Object.keys(PARTY_FIELDS[type]),
    // Any other key is refused (`unknown_field`), as in every request body.
    additionalProperties: false,
  };
}

/** A payment currency: an iso, and a network where the currency has several. */
const paymentCurrency = () => ({
  type: 'object',
  required: ['iso'],
  properties: {
    iso: { type: 'string', minLength: 1 },
    network_name: { type: 'string', minLength: 1 },
  },
});

/**
 * Fields checked by custom code (whose rules depend on another field) are described by the
 * schemas those checks run: sender data is a natural person's or a legal entity's.
 */
const customFields = new Map<unknown, () => Record<string, unknown>>([
  [
    senderDataFieldSchema,
    () => ({
      description: 'A natural person’s data for sender_type natural, a legal entity’s for legal.',
      oneOf: [senderData('natural'), senderData('legal')],
    }),
  ],
  [paymentCurrencySchema, paymentCurrency],
  // The customer's, which the proxy refuses with any other key.
  [checkoutPaymentCurrencySchema, () => ({ ...paymentCurrency(), additionalProperties: false })],
]);

/**
 * An amount sent to the service as a JSON number (invoices, withdrawals): zod sees a number or
 * the parser's exact-digits number object, which JSON Schema cannot tell apart from a number.
 */
function isWireAmount(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  if (def.type !== 'union') return false;
  const types = (def as z.core.$ZodUnionDef).options.map((option) => option._zod.def.type);
  return types.length === 2 && types.includes('number') && types.includes('custom');
}

const WIRE_AMOUNT = {
  type: 'number',
  description:
    'A JSON number, read exactly as the decimal it denotes, never through a float: 0.00012345 keeps these digits, an exponent is worked out (5e-05 and 5.0e-5 are 0.00005). Sent to the service in plain decimal digits; a string is refused.',
};

type OverrideContext = Parameters<
  NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>
>[0];

function describeCustom(context: OverrideContext): void {
  const custom = customFields.get(context.zodSchema);
  if (custom) Object.assign(context.jsonSchema, custom());
  if (isWireAmount(context.zodSchema)) {
    for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
    Object.assign(context.jsonSchema, WIRE_AMOUNT);
  }
}

const OPTIONS = { unrepresentable: 'any', target: 'draft-2020-12' } as const;

/**
 * A request body's schema for the document, resolved when it is generated. Named, it becomes
 * the component `name` (the `$id` hono-openapi turns into one) and the body a `$ref` to it.
 */
export function requestSchema(schema: z.ZodMiniType, name?: string): ResolverReturnType {
  return resolver(schema, {
    options: {
      ...OPTIONS,
      io: 'input',
      override: (context: OverrideContext) => {
        describeCustom(context);
        if (name !== undefined && (context.zodSchema as unknown) === schema)
          context.jsonSchema.$id = name;
      },
    },
  });
}

/**
 * The answers' schemas as OpenAPI components, by name. A schema used inside another (the
 * currency of a checkout) becomes a `$ref` to its own component. Output, since the proxy sends
 * these: an object allows no property it does not name.
 */
export function componentSchemas(
  schemas: Readonly<Record<string, z.ZodMiniType>>,
): Record<string, Record<string, unknown>> {
  const components = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) components.add(schema, { id });
  const generated = z.toJSONSchema(components, {
    ...OPTIONS,
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
    override: describeCustom,
  });
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [
      id,
      schema,
    ]),
  );
}

/** Query parameters from a zod object of optional strings, each with its schema's description. */
export function queryParameters(schema: z.ZodMiniType) {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, {
    ...OPTIONS,
    io: 'input',
  }) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: 'query' as const,
    required: required.includes(name),
    schema: property,
    ...(typeof description === 'string' ? { description } : {}),
  }));
}
