import type { RxJsonSchema } from 'rxdb';
import type { ListDoc, RotationDoc, SettingsDoc, ToyDoc } from '../../shared/schemas/docs.js';
import { rxJsonSchemas } from './rx-schemas-from-zod.js';

// The RxDB schemas of the four tables, derived from the zod schemas in ./shared by
// rx-schemas-from-zod.ts when the bundle is built (vite.config.ts `define`), so the browser,
// the server's push validation and the TypeScript types cannot drift apart, and a phone does
// not convert zod to JSON Schema at every start (decision 060).

declare const __RX_JSON_SCHEMAS__: ReturnType<typeof rxJsonSchemas> | undefined;

// Node tools that load this file without Vite (the sync bench, through tsx) convert here.
const schemas = typeof __RX_JSON_SCHEMAS__ === 'undefined' ? rxJsonSchemas() : __RX_JSON_SCHEMAS__;

export const toyRxSchema = schemas.toys as RxJsonSchema<ToyDoc>;
export const listRxSchema = schemas.lists as RxJsonSchema<ListDoc>;
export const settingsRxSchema = schemas.settings as RxJsonSchema<SettingsDoc>;
export const rotationRxSchema = schemas.rotations as RxJsonSchema<RotationDoc>;
