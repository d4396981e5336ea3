import { RESOURCES } from 'contracts';
import en from '../../locales/en/dashboard.json';
import fr from '../../locales/fr/dashboard.json';
import ar from '../../locales/ar/dashboard.json';

// "Your access" names each resource a role can hold: a resource without a label would show its raw key.
test.each([
  ['en', en],
  ['fr', fr],
  ['ar', ar],
])('every resource of the permissions has a name in %s', (_, texts) => {
  const labels: Record<string, string> = texts.resources;
  expect(RESOURCES.filter((resource) => !labels[resource])).toEqual([]);
});
