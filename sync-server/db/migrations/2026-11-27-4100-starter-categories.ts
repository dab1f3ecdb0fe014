import { sql, type Kysely } from 'kysely';

// Starter categories (issue 23, docs/decisions/045-many-toys-and-categories.md): a new
// household is offered a starter set once; 1 once it was taken or skipped on any device, so
// no other device offers it again. Portable DDL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').addColumn('starter_categories_done', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // A household that already has toys or categories of its own is past starting: it is never
  // offered the set (a fresh device of it would otherwise show the offer until its toys arrive).
  await sql`
    update settings set starter_categories_done = 1
    where exists (select 1 from toys where toys.household_id = settings.household_id)
       or exists (select 1 from lists where lists.household_id = settings.household_id and lists.kind = 'category' and lists.id <> 'uncategorized')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('starter_categories_done').execute();
}
