import { z } from 'zod';
import type { RxJsonSchema } from 'rxdb';
import {
  listDocSchema,
  rotationDocSchema,
  settingsDocSchema,
  toyDocSchema,
  type ListDoc,
  type RotationDoc,
  type SettingsDoc,
  type ToyDoc,
} from '../../shared/schemas/docs.js';

// RxDB schemas are derived from the zod schemas in ./shared, so the browser, the server's
// push validation and the TypeScript types cannot drift apart. RxDB accepts plain JSON
// Schema with a few extra rules: a primaryKey with maxLength, a version, and no `$schema`.
// Run when the bundle is built: vite.config.ts writes the result into the bundle (and into the
// tests), so a phone does not convert zod to JSON Schema at every start (decision 060). Node
// tools that load rx-schemas.ts without Vite run it there.

type JsonSchema = Record<string, unknown>;

/** zod writes `T | null` as anyOf [T, null]; RxDB (and its indexes) prefer type: [T, 'null']. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const obj = node as JsonSchema;
  const anyOf = obj.anyOf as JsonSchema[] | undefined;
  if (anyOf && anyOf.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null') as JsonSchema;
    const { anyOf: _drop, ...rest } = obj;
    // A nullable enum must list null among its values too.
    const nullableEnum = Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {};
    return simplify({ ...rest, ...other, ...nullableEnum, type: [other.type, 'null'] });
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$schema') continue;
    out[key] = simplify(value);
  }
  return out;
}

function rxSchemaFromZod<T>(
  schema: z.ZodObject,
  options: { version: number; title: string },
): RxJsonSchema<T> {
  const json = simplify(z.toJSONSchema(schema)) as JsonSchema;
  return {
    title: options.title,
    version: options.version,
    primaryKey: 'id',
    type: 'object',
    properties: json.properties as RxJsonSchema<T>['properties'],
    required: json.required as RxJsonSchema<T>['required'],
    additionalProperties: false,
  } as RxJsonSchema<T>;
}

/** The four tables' RxDB schemas, by table; rx-schemas.ts gives each its document type. */
export function rxJsonSchemas(): Record<'toys' | 'lists' | 'settings' | 'rotations', RxJsonSchema<unknown>> {
  return {
    toys: rxSchemaFromZod<ToyDoc>(toyDocSchema, { version: 1, title: 'toys' }) as RxJsonSchema<unknown>,
    lists: rxSchemaFromZod<ListDoc>(listDocSchema, { version: 0, title: 'lists' }) as RxJsonSchema<unknown>,
    settings: rxSchemaFromZod<SettingsDoc>(settingsDocSchema, { version: 2, title: 'settings' }) as RxJsonSchema<unknown>,
    rotations: rxSchemaFromZod<RotationDoc>(rotationDocSchema, { version: 2, title: 'rotations' }) as RxJsonSchema<unknown>,
  };
}
