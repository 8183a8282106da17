import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

/** Words for a count by plural category (`#` is its number); `other` stands for the categories a language leaves out. */
export type Plural = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

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

// Adding a language is a copy of en.ts and one entry below.
const MESSAGES = { en, de, fr, es } as const satisfies Readonly<Record<string, Messages>>;

/** A language the pages are written in. */
export type Language = keyof typeof MESSAGES;

/** The reader's language and the locale to format in. */
export interface Reader {
  readonly language: Language;
  /** A BCP 47 tag of that language (such as `de-AT`), for `lang` and `Intl`. */
  readonly locale: string;
  readonly t: Messages;
}

/** The first language of `Accept-Language` (by `q`) the pages are written in, with the reader's region; else English. */
export function chooseReader(acceptLanguage: string | null): Reader {
  // The same first 1024 characters that are read below, so a long header costs no more memory than a short one.
  const key = (acceptLanguage ?? '').slice(0, 1024);
  let reader = READERS.get(key);
  if (reader === undefined) {
    // Bounded: the header is the client's to choose, and an isolate must not grow without end.
    if (READERS.size >= 256) READERS.clear();
    reader = rankReader(key);
    READERS.set(key, reader);
  }
  return reader;
}

// Readers by Accept-Language header, built once per isolate.
const READERS = new Map<string, Reader>();

function rankReader(acceptLanguage: string): Reader {
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      continue;
    }
    if (canonical === undefined) continue;
    const language = canonical.split('-')[0]!.toLowerCase();
    if (!Object.hasOwn(MESSAGES, language)) continue;
    const locale = Intl.NumberFormat.supportedLocalesOf(canonical).length > 0 ? canonical : language;
    return { language: language as Language, locale, t: MESSAGES[language as Language] };
  }
  return { language: 'en', locale: 'en', t: en };
}

/** An enum value in the reader's words, or `undefined` when it is absent or not a known one (never the raw value). */
export function inWords(value: string | null | undefined, words: Readonly<Record<string, string>>): string | undefined {
  return value && Object.hasOwn(words, value) ? words[value] : undefined;
}
