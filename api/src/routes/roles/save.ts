import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { conflict } from '../../lib/errors';

export const NAME_TAKEN = 'A role with this name already exists';

/** 409 with the message on `name` when another role of the organisation already has this name. */
export async function assertNameFree(ctx: AppContext, organisationId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw nameTaken();
}

export const nameTaken = () => conflict(NAME_TAKEN, { name: NAME_TAKEN });
