/**
 * The body of the processing service's error answers, `{error, code}`: what the sandbox sends,
 * what the client reads, and what the proxy's merchant API passes through and documents in its
 * /openapi.json, all from this one schema. Apart from `errors.ts`, which the widget's form
 * reaches and which must bring no zod.
 */

import * as z from 'zod/mini';
import type { ProcessingError } from './errors.ts';

export const processingErrorBodySchema = z.object({
  error: z.string().check(z.describe('The service’s text.')),
  code: z.union([z.int(), z.string()]).check(z.describe('The service’s code.')),
});
export type ProcessingErrorBody = z.infer<typeof processingErrorBodySchema>;

/** The JSON body of an error response: `{error, code}`. */
export function errorBody(error: ProcessingError): ProcessingErrorBody {
  return { error: error.message, code: error.code };
}
