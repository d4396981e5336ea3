import { eq } from 'drizzle-orm';
import type { AttributeType } from 'contracts';
import type { DbOrTx } from '../../db/client';
import { attributes } from '../../db/schema';
import type { AttributeTypes } from './compile';

/**
 * The people-data attributes of a website, name → type, which is what a tree may test besides the
 * built-in fields. Names are the keys the website's script sends, so they are matched exactly.
 */
export async function attributeTypesOf(db: DbOrTx, websiteId: string): Promise<AttributeTypes> {
  const rows = await db.select({ name: attributes.name, type: attributes.type }).from(attributes).where(eq(attributes.websiteId, websiteId));
  return new Map(rows.map((r) => [r.name, r.type as AttributeType]));
}
