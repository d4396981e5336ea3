import { BUILT_IN_AUDIENCE_FIELDS, VALUELESS_COMPARISONS, isAudienceGroup, type AudienceCondition, type AudienceGroup } from 'contracts';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * One readable line for a saved tree, for the segments table: "State is active and (Division is
 * north or Division is south)". `t` is the common namespace (the builder's own words).
 */
export function describeAudience(tree: AudienceGroup, t: T): string {
  const text = describeGroup(tree, t, true);
  return text || t('audience.everyone');
}

function describeGroup(group: AudienceGroup, t: T, top: boolean): string {
  const parts = group.predicates.map((p) => (isAudienceGroup(p) ? describeGroup(p, t, false) : describeCondition(p, t))).filter(Boolean);
  if (parts.length === 0) return '';
  const joined = parts.join(` ${t(`audience.joiners.${group.operator}`)} `);
  return top || parts.length === 1 ? joined : `(${joined})`;
}

function describeCondition(c: AudienceCondition, t: T): string {
  const field = Object.hasOwn(BUILT_IN_AUDIENCE_FIELDS, c.attribute) ? t(`audience.fields.${c.attribute}`) : c.attribute;
  const comparison = t(`audience.comparisons.${c.comparison}`);
  if (VALUELESS_COMPARISONS.includes(c.comparison)) return `${field} ${comparison}`;
  return `${field} ${comparison} ${c.selectedValue ?? ''}`.trim();
}

/** Missing values of valued comparisons, by path in the tree: checked in the browser before saving. */
export function missingValues(tree: AudienceGroup, message: string, path = ''): Record<string, string> {
  const out: Record<string, string> = {};
  tree.predicates.forEach((p, i) => {
    const at = path ? `${path}.predicates.${i}` : `predicates.${i}`;
    if (isAudienceGroup(p)) Object.assign(out, missingValues(p, message, at));
    else if (!VALUELESS_COMPARISONS.includes(p.comparison) && (p.selectedValue === null || String(p.selectedValue).trim() === ''))
      out[`${at}.selectedValue`] = message;
  });
  return out;
}
