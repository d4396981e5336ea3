import type { AttributeType } from 'contracts';

const EXAMPLES: Record<AttributeType, string> = {
  string: "'premium'",
  number: '42',
  boolean: 'true',
  date: "'2025-01-31T09:00:00.000Z'",
};

/**
 * The call a website makes to say who its signed-in visitor is, with an example value of each
 * attribute's type: `id` (the person's id in the website's own system) is required, `name` and `email`
 * are known fields (`withProfile`), every other key is a people-data attribute the website declared
 * (the website script's `identify`, which refuses undeclared ones). `withUserHash` adds the identity
 * verification the website's server computes (the installation guide shows how).
 */
export function identifySnippet(attributes: readonly { name: string; type: AttributeType }[], { withProfile = false, withUserHash = false } = {}): string {
  const lines = [
    "  id: 'user-123',",
    ...(withProfile ? ["  name: 'Ada Lovelace',", "  email: 'ada@example.com',"] : []),
    ...attributes.map((a) => `  ${a.name}: ${EXAMPLES[a.type]},`),
    ...(withUserHash ? ['  userHash: USER_HASH, // computed on your server (see below)'] : []),
  ];
  return `signpost('identify', {\n${lines.join('\n')}\n});`;
}
