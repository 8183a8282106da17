import type { en } from './en.js';

/** A state's words: its title, and a sentence or two on what it means for the shopper's money and what to do next. */
export type TitleAndText = readonly [title: string, text: string];

// Literal strings widened to `string` and tuples kept as tuples, so another language's words fit the same keys.
type Widened<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widened<R>
    : { readonly [K in keyof T]: Widened<T[K]> };

/** Every word the pages say, in one language: the shape of `en.ts`, which each other language `satisfies`. */
export type Messages = Widened<typeof en>;

/** How far a sign-out reaches: `everywhere` with the `SIGN_OUTS` binding, else `thisBrowser`. */
export type SignOutScope = keyof Messages['signedOut'];
