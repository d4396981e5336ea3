import type { AttributeType } from 'contracts';

const EXAMPLES: Record<AttributeType, string> = {
  string: "'premium'",
  number: '42',
  boolean: 'true',
  date: "'2025-01-31T09:00:00.000Z'",
};

/** The line a website adds to its code to start sending an attribute (an example value of its type). */
export function identifySnippet(name: string, type: AttributeType): string {
  return `signpost('identify', {\n  memberId: 'member-123',\n  ${name}: ${EXAMPLES[type]},\n});`;
}
