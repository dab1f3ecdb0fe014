// Types of scripts/build-inputs.js (plain JavaScript, so `npm start` needs no TypeScript loader).

export declare const STAMP_FILE: string;
/** The hash of the client build's inputs in `repo` for a build in `mode`. */
export declare function buildInputsHash(repo: string, mode: string, env?: NodeJS.ProcessEnv): string;
/** The hash of the server bundle's inputs in `repo`. */
export declare function serverInputsHash(repo: string): string;
/** The hash a finished build in `outDir` was made from, or null (no build, or one that failed). */
export declare function builtFrom(outDir: string): string | null;
