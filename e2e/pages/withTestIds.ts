import type { Locator, Page } from '@playwright/test';

/** The locators a page object gets from its map of test ids, under the map's names. */
export type TestIdLocators<T extends Record<string, string>> = { readonly [K in keyof T]: Locator };

/**
 * A page object's elements found by test id, written as data: `class X extends withTestIds(ShellPage,
 * { form: 'banner-form' })` gives every X a `form` locator, `page.getByTestId('banner-form')`. The
 * elements found some other way (inside another element, by role) stay fields of the class.
 */
export function withTestIds<B extends new (page: Page, ...rest: never[]) => { readonly page: Page }, const T extends Record<string, string>>(
  Base: B,
  ids: T,
): Omit<B, 'prototype'> & (new (...args: ConstructorParameters<B>) => InstanceType<B> & TestIdLocators<T>) {
  // TypeScript's mixin rule wants an `any[]` constructor; the cast restores the base's own parameters and statics.
  const Mixin = Base as unknown as new (...args: unknown[]) => { readonly page: Page };
  return class extends Mixin {
    public constructor(...args: unknown[]) {
      super(...args);
      for (const [name, id] of Object.entries(ids)) Object.defineProperty(this, name, { value: this.page.getByTestId(id), enumerable: true });
    }
  } as unknown as Omit<B, 'prototype'> & (new (...args: ConstructorParameters<B>) => InstanceType<B> & TestIdLocators<T>);
}
