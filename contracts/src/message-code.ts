// Only the catalogue's type is imported: the schemas name codes with `msg` without bundling the
// translations (the website script's imports stay small).
import type en from '../locales/en/messages.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** A code of the catalogue, checked by the compiler (a typo does not build). */
export type MessageCode = WithoutPlural<Leaves<typeof en>>;

/** A message code for a zod schema or an answer; typed, so a code missing from the catalogue is a type error. */
export const msg = <C extends MessageCode>(code: C): C => code;
