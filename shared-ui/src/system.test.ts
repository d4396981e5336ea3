import { system } from './system';

// People who ask their system for less motion get none: every element's animations and transitions
// end at once under `prefers-reduced-motion: reduce` (the browser suite runs that way too).
test('the global styles stop animations and transitions under reduced motion', () => {
  const global = system.getGlobalCss() as Record<string, Record<string, Record<string, string>>>;
  const rules = Object.values(global).flatMap((scope) => Object.values(scope));
  const reduced = rules.map((rule) => rule['@media (prefers-reduced-motion: reduce)'] as unknown as Record<string, string> | undefined).find(Boolean);
  expect(reduced).toEqual(
    expect.objectContaining({ animationDuration: '0.01ms !important', animationIterationCount: '1 !important', transitionDuration: '0.01ms !important' }),
  );
});
