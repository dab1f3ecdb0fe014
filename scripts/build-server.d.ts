// Types of scripts/build-server.js (plain JavaScript, so `npm start` needs no TypeScript loader).

export declare const SERVER_DIST: string;
/** Bundles the server into `outDir` (dist-server/ by default) and stamps it with the hash of its inputs. */
export declare function buildServer(outDir?: string): Promise<void>;
