import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * A read query built with Kysely once per database and then run with new values. Kysely builds
 * and compiles a query's tree on every call; for the queries every signed-in request makes (the
 * session lookup, getusertoys' version), that was about a quarter of the server's CPU (issue 16,
 * profiled). `build` gets one stand-in per argument and must use each only as a plain value
 * (`where(column, '=', arg)`), so the compiled SQL can take the real values in the stand-ins'
 * places; values written into the query itself stay as they were compiled.
 */
export function compiledOnce<DB, Args extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<DB>, { sql: string; fill: (args: readonly unknown[]) => unknown[] }>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const standIns = args.map((_, i) => `\u0000compiled-once-argument-${i}`) as unknown as Args;
      const { sql, parameters } = build(db, ...standIns).compile();
      const slots = parameters.map((value) => (standIns as readonly unknown[]).indexOf(value)); // -1: compiled in
      if (!standIns.every((standIn) => parameters.includes(standIn))) throw new Error('compiledOnce: every argument must be a query parameter');
      query = { sql, fill: (values) => slots.map((slot, i) => (slot >= 0 ? values[slot] : parameters[i])) };
      compiled.set(db, query);
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, query.fill(args)));
    return result.rows;
  };
}
