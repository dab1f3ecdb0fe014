import type { RxJsonSchema } from 'rxdb';
import type { ListDoc, RotationDoc, SettingsDoc, ToyDoc } from '../../shared/schemas/docs.js';
import type { rxJsonSchemas } from './rx-schemas-from-zod.js';

// The RxDB schemas of the four tables, derived from the zod schemas in ./shared by
// rx-schemas-from-zod.ts when the bundle is built (vite.config.ts `define`), so the browser,
// the server's push validation and the TypeScript types cannot drift apart, and a phone does
// not convert zod to JSON Schema at every start (decision 060).

declare const __RX_JSON_SCHEMAS__: ReturnType<typeof rxJsonSchemas>;

export const toyRxSchema = __RX_JSON_SCHEMAS__.toys as RxJsonSchema<ToyDoc>;
export const listRxSchema = __RX_JSON_SCHEMAS__.lists as RxJsonSchema<ListDoc>;
export const settingsRxSchema = __RX_JSON_SCHEMAS__.settings as RxJsonSchema<SettingsDoc>;
export const rotationRxSchema = __RX_JSON_SCHEMAS__.rotations as RxJsonSchema<RotationDoc>;
