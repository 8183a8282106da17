/** A state's words: its title, and a sentence or two on what it means for the shopper's money and what to do next. */
export type Said = readonly [title: string, text: string];

/**
 * Words that depend on how far a sign-out reaches: with the `SIGN_OUTS` binding (`everywhere`) it ends every sign-in
 * and sign-in link issued before it, on every device; without it (`thisBrowser`), the sign-in in this browser only.
 */
export interface Reach<Words> {
  readonly everywhere: Words;
  readonly thisBrowser: Words;
}

/**
 * Every word the pages say, in one language. Each language file (`en.ts`, `de.ts`, …) `satisfies` this type, so a
 * missing or misspelled key fails the type check; a new language is a copy of `en.ts` plus one line in `index.ts`.
 * Values the service sends as codes (payment methods, billing intervals) are looked up in `methods` and `every`
 * through `inWords`, never shown raw.
 */
export interface Messages {
  // The order and checkout pages: headings, facts, the item table and the totals.
  readonly order: string;
  readonly checkout: string;
  readonly yourOrder: string;
  readonly yourCheckout: string;
  /** The one number the shopper quotes to the shop. */
  readonly quoteNumber: string;
  /** The service's own id, in the small print when the number to quote is another one. */
  readonly serviceRef: string;
  readonly placed: string;
  readonly paymentMethod: string;
  readonly otherMethod: string;
  readonly methods: Readonly<Record<string, string>>;
  readonly product: string;
  readonly billing: string;
  readonly every: Readonly<Record<string, string>>;
  readonly freeTrial: (days: number) => string;
  readonly started: string;
  readonly expires: string;
  readonly items: string;
  readonly item: string;
  readonly qty: string;
  readonly unitPrice: string;
  readonly amount: string;
  readonly subtotal: string;
  readonly total: string;
  readonly timesIn: (zone: string) => string;

  // Money notes: what differs between the items, the subtotal and the total, in words.
  readonly currencyNote: (from: string, to: string) => string;
  readonly rateNote: (from: string, to: string, rate: string) => string;
  readonly moreThanItems: string;
  readonly lessThanItems: string;
  /** The items are all in `items`, the subtotal in `subtotal`: not added up. */
  readonly itemsInOtherCurrency: (items: string, subtotal: string) => string;
  /** The items are priced in more than one currency (`codes`, such as "EUR, USD"), so they are not added up. */
  readonly mixedCurrencies: (codes: string) => string;
  /** The items' sum and the subtotal disagree beyond rounding. */
  readonly itemsNotSubtotal: (sum: string, subtotal: string) => string;
  /** There is no subtotal, and the items' sum and the total disagree beyond rounding. */
  readonly itemsNotTotal: (sum: string, total: string) => string;

  // Order states.
  readonly paid: Said;
  readonly received: Said;
  readonly processing: Said;
  readonly refunded: Said;
  readonly failed: Said;
  readonly cancelled: Said;
  readonly unknownOrder: Said;

  // Checkout states. An expired checkout's words follow what its payment status says.
  readonly checkoutDone: Said;
  /** Complete and paid, but the order does not exist yet. */
  readonly checkoutDoneNoOrder: Said;
  readonly confirming: Said;
  readonly unpaid: Said;
  readonly openUntil: (time: string) => string;
  /** Expired, and its payment status says unpaid: nothing was charged. */
  readonly expired: Said;
  /** Expired, though its payment status says paid. */
  readonly expiredPaid: Said;
  /** Expired while its payment status says processing. */
  readonly expiredProcessing: Said;
  /** Expired, and its payment status is missing or not one this page knows. */
  readonly expiredUnknown: Said;
  readonly expiredAt: (time: string) => string;
  readonly unknownCheckout: Said;

  // The pending checkout's status line and its background checks.
  readonly checking: string;
  /** The status line without script: how to check by hand. */
  readonly checkByHand: string;
  readonly stopped: string;
  readonly opening: string;
  readonly changed: string;

  // Links and buttons.
  readonly backToShop: string;
  readonly viewOrder: string;
  readonly checkAgain: string;
  readonly tryAgain: string;
  readonly signOut: string;

  // Pages that are not a record.
  readonly home: Said;
  readonly signedInAs: (id: string) => string;
  readonly howToReach: string;
  readonly notSignedIn: Said;
  readonly notFound: Said;
  readonly tooMany: Said;
  readonly failedUpstream: Said;
  readonly timedOut: Said;
  readonly reference: string;

  // Sign-in and sign-out.
  readonly signInTitle: string;
  readonly signInText: string;
  readonly signInSwitch: string;
  readonly continue: string;
  /** A refused link: after a sign-out (with `SIGN_OUTS`) the customer's own links are refused too. */
  readonly signInFailed: Reach<Said>;
  readonly linkRefused: Said;
  readonly requestRefused: Said;
  readonly signOutTitle: string;
  readonly signOutText: Reach<string>;
  readonly signedOut: Reach<Said>;
  /** Signed out in this browser, but the sign-out could not be recorded (`SIGN_OUTS` refused the write). */
  readonly signedOutHereOnly: Said;
  /** Sign-out from a browser without a valid sign-in: nothing was ended, here or elsewhere. */
  readonly notSignedInToSignOut: Said;
  readonly linkExpired: Said;
  /** `limit` is a duration already in words ("7 days", "7 Tage"). */
  readonly linkTooLongLived: (limit: string) => Said;
  readonly linkTooLarge: Said;
}
