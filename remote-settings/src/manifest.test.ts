import manifest from './manifest';

/** Entries side by side in the sidebar are told apart by their icons too. */
test('no two entries of one sidebar group share an icon', () => {
  const byGroup = new Map<string, string[]>();
  for (const entry of manifest.nav) byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), entry.icon]);
  for (const [, icons] of byGroup) expect(new Set(icons).size).toBe(icons.length);
});
