#!/usr/bin/env node
// `node scripts/openapi.mjs`: writes docs/openapi.json, an OpenAPI 3.1 document of the service's two endpoints whose
// schemas are generated from the SDK's own valibot schemas (src/schemas/) by @valibot/to-json-schema, so a team in
// another language validates what the SDK validates. `--check` writes nothing and exits 1 when the file differs from
// what the sources give. docs/service.md is the same interface in prose.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import { build } from 'esbuild';
import * as v from 'valibot';

const ROOT = resolve(import.meta.dirname, '..');
export const OPENAPI_FILE = join(ROOT, 'docs/openapi.json');

// The SDK's field schemas are valibot pipes (src/schemas/fields.ts): a check of the value's type, whose issue names
// what it expected; the JSON Schema of each is the one of that type.
const EXPECTED = {
  'finite number': { type: 'number' },
  integer: { type: 'integer' },
};

// The date fields transform any value and read what is not a date as `null`, so the JSON Schema constrains nothing
// and says so.
const DATE = {
  description:
    'A date: epoch milliseconds (a number or a string of digits) or an ISO 8601 date-time with `Z` or an offset. The SDK returns it as a `Date`; any other value, including a calendar day that does not exist, becomes `null` instead of failing the lookup.',
};

/** What a type check of the SDK's expects, read by running it on a value no field accepts (a symbol): its issue says. */
function expectedOf(action) {
  return v.safeParse(v.pipe(v.unknown(), action), Symbol('probe')).issues?.[0]?.expected;
}

/** The SDK's schemas, bundled from src/ with esbuild (valibot left to node_modules) and imported. */
async function sdkSchemas() {
  const entry = [
    "export { EnvelopeSchema } from './src/schemas/envelope.ts';",
    "export { CheckoutSessionSchema } from './src/schemas/checkout-session.ts';",
    "export { OrderSchema } from './src/schemas/order.ts';",
    "export { PRICE_DATA_ITEM } from './src/schemas/price-data.ts';",
    "export { NOT_AN_ARRAY } from './src/schemas/fields.ts';",
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'schemas.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    external: ['valibot'],
    logLevel: 'silent',
  });
  // A data: URL cannot resolve `valibot`; point it at the installed copy, the one @valibot/to-json-schema reads.
  const valibot = import.meta.resolve('valibot');
  const code = result.outputFiles[0].text.replaceAll(/from "valibot"/g, `from ${JSON.stringify(valibot)}`);
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** The JSON Schemas of the SDK's valibot schemas, as OpenAPI components (2020-12, the dialect of OpenAPI 3.1). */
async function componentSchemas() {
  const { EnvelopeSchema, CheckoutSessionSchema, OrderSchema, PRICE_DATA_ITEM, NOT_AN_ARRAY } = await sdkSchemas();
  return toJsonSchemaDefs(
    { Envelope: EnvelopeSchema, PriceDataItem: PRICE_DATA_ITEM, Order: OrderSchema, CheckoutSession: CheckoutSessionSchema },
    {
      target: 'draft-2020-12',
      // A record is a looseObject, and where the SDK validates one a pipe of a check and it: its last schema is the one to convert.
      typeMode: 'output',
      errorMode: 'throw',
      overrideAction({ valibotAction, jsonSchema }) {
        if (valibotAction.type === 'transform') return DATE;
        if (valibotAction.type !== 'raw_check') return undefined;
        // The check before each record refuses arrays, which the record's `type: object` refuses too: it adds nothing.
        if (valibotAction === NOT_AN_ARRAY) return jsonSchema;
        const expected = expectedOf(valibotAction);
        const schema = EXPECTED[expected];
        if (schema === undefined)
          throw new Error(`openapi: no JSON Schema for a check ${expected === undefined ? 'that names no expected type' : `expecting ${expected}`}`);
        return schema;
      },
      overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
    },
  );
}

/** The success envelope of one resource: the envelope's fields, with `data` that resource. */
const envelopeOf = (resource) => ({
  allOf: [
    { $ref: '#/components/schemas/Envelope' },
    { type: 'object', properties: { data: { $ref: `#/components/schemas/${resource}` } }, required: ['data'] },
  ],
});

/** One GET endpoint. */
function endpoint({ operationId, summary, resource, idName, idDescription }) {
  return {
    get: {
      operationId,
      summary,
      description: `Answers the envelope with \`data\` the ${resource === 'Order' ? 'order' : 'checkout session'}. See docs/service.md.`,
      parameters: [
        { name: idName, in: 'path', required: true, description: idDescription, schema: { type: 'string', minLength: 1 } },
        { $ref: '#/components/parameters/Timestamp' },
      ],
      responses: {
        200: {
          description: `Success: \`code\` is a success code (the SDK accepts 0 and 200 by default; see docs/service.md) and \`data\` the ${resource === 'Order' ? 'order' : 'checkout session'}.`,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${resource}Envelope` } } },
        },
        default: {
          description:
            'A failure. Its HTTP status, `code` and `msg` are not documented by the service; the sandbox answers 401 for a missing or wrong key or timestamp and 404 for an unknown id, each with the envelope and `data: null`.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document, as an object. */
export async function openApiDocument() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const schemas = await componentSchemas();
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Checkout service: checkout sessions and orders',
      version,
      description:
        "The two read operations of the checkout service as checkout-lookup reads them. The schemas are generated from the SDK's valibot schemas: a body they accept is one the SDK accepts. Fields the documentation adds later are allowed; every field may be absent or null. docs/service.md has the same interface in prose, with what the service's documentation leaves open.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: "The service's base address, the SDK's `baseUrl`; it may carry a path prefix.",
        variables: { baseUrl: { default: 'http://127.0.0.1:8790', description: 'The default is the sandbox of `npx checkout-lookup-sandbox`.' } },
      },
    ],
    security: [{ apiKey: [] }],
    paths: {
      '/api/checkout/session/{id}': endpoint({
        operationId: 'getSession',
        summary: 'Get a checkout session',
        resource: 'CheckoutSession',
        idName: 'id',
        idDescription: 'Identifier of the checkout session, percent-encoded as one path segment.',
      }),
      '/api/order/{id}': endpoint({
        operationId: 'getOrder',
        summary: 'Get an order',
        resource: 'Order',
        idName: 'id',
        idDescription: 'Identifier of the order, percent-encoded as one path segment.',
      }),
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: "The merchant's secret API key." },
      },
      parameters: {
        Timestamp: {
          name: 'X-Timestamp',
          in: 'header',
          required: true,
          description: 'The current time in milliseconds since the Unix epoch, read afresh for each attempt.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
      schemas: {
        ...schemas,
        CheckoutSessionEnvelope: envelopeOf('CheckoutSession'),
        OrderEnvelope: envelopeOf('Order'),
      },
    },
  };
}

/** The document as the file holds it: two-space JSON and a final newline. */
export async function openApiText() {
  return `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { readCommandLine } = await import('./command-line.mjs');
  const usage = `Usage: node scripts/openapi.mjs [--check]

Writes docs/openapi.json from the SDK's valibot schemas (src/schemas/).

  --check     only compare: exit 1 when docs/openapi.json is not what the schemas give
  -h, --help  this help
`;
  const { values } = readCommandLine(process.argv.slice(2), { name: 'scripts/openapi.mjs', usage, options: { check: { type: 'boolean' } } });
  const text = await openApiText();
  if (values.check) {
    let current = '';
    try {
      current = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {}
    if (current !== text) {
      process.stderr.write('openapi: docs/openapi.json is not what the SDK schemas give; run `node scripts/openapi.mjs`\n');
      process.exit(1);
    }
    process.stdout.write('openapi: docs/openapi.json is current\n');
  } else {
    writeFileSync(OPENAPI_FILE, text);
    process.stdout.write('openapi: wrote docs/openapi.json\n');
  }
}
