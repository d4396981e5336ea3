import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Attribute, AttributeType, CallQuery, Paged, listAttributesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { attributes, segments } from '../db/schema';
import type { AttributeTypes } from './audience-compiler';
import { pageByCreation, contains, nameTakenIn, insertRow, deleteRowIn } from './paged-select';

type AttributeRow = typeof attributes.$inferSelect;

/** An attribute as every call answers it. */
export const attributeView = (a: Pick<AttributeRow, 'id' | 'name' | 'type' | 'createdAt'>): Attribute => ({
  _id: a.id,
  name: a.name,
  type: a.type,
  createdAt: a.createdAt.toISOString(),
});

/**
 * The SQL of people-data attributes (what a website's script sends about each person), always inside
 * one website: an attribute of another website is never read, changed or deleted (404 like a missing one).
 */
export function attributesStore(db: DbOrTx, websiteId: string) {
  const own = (id: string) => and(eq(attributes.id, id), eq(attributes.websiteId, websiteId));
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listAttributesCall>): Promise<Paged<Attribute>> {
      const where = and(eq(attributes.websiteId, websiteId), contains(attributes.name, query.name));
      return pageByCreation(db, attributes, getTableColumns(attributes), where, query, attributeView);
    },

    async find(id: string): Promise<AttributeRow | undefined> {
      const [row] = await db.select().from(attributes).where(own(id)).limit(1);
      return row;
    },

    /** Names are unique per website whatever the case (the unique index is on lower(name)). */
    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      return nameTakenIn(db, attributes, eq(attributes.websiteId, websiteId), name, exceptId);
    },

    async insert(values: { name: string; type: AttributeType }): Promise<AttributeRow> {
      return insertRow(db, attributes, { websiteId, ...values });
    },

    async update(id: string, values: { name: string; type: AttributeType }): Promise<AttributeRow | undefined> {
      const [row] = await db.update(attributes).set(values).where(own(id)).returning();
      return row;
    },

    /** False when it is not an attribute of this website. */
    async remove(id: string): Promise<boolean> {
      return deleteRowIn(db, attributes, eq(attributes.websiteId, websiteId), id);
    },

    /** The names of the website's saved audiences (segments) whose tree tests this attribute, by name. */
    async segmentsUsing(name: string): Promise<string[]> {
      const rows = await db
        .select({ name: segments.name })
        .from(segments)
        .where(
          and(
            eq(segments.websiteId, websiteId),
            sql`jsonb_path_exists(${segments.audience}, '$.** ? (@.attribute == $name)', jsonb_build_object('name', ${name}::text))`,
          ),
        )
        .orderBy(segments.name);
      return rows.map((r) => r.name);
    },

    /** Name → type, which is what an audience tree may test besides the built-in fields (names match exactly). */
    async types(): Promise<AttributeTypes> {
      const rows = await db.select({ name: attributes.name, type: attributes.type }).from(attributes).where(eq(attributes.websiteId, websiteId));
      return new Map(rows.map((r) => [r.name, r.type as AttributeType]));
    },
  };
}

/** The people-data attributes of a website, name → type (what compile.ts checks a tree against). */
export function attributeTypesOf(db: DbOrTx, websiteId: string): Promise<AttributeTypes> {
  return attributesStore(db, websiteId).types();
}
