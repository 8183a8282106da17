import type { Plural, TitleAndText } from './index.js';

// Payment brands, named alike in every language.
export const PAYMENT_BRANDS = { PAYPAL: 'PayPal', APPLE_PAY: 'Apple Pay', GOOGLE_PAY: 'Google Pay', IDEAL: 'iDEAL', KLARNA: 'Klarna' } as const;

// Every word of the pages in English: the source of the `Messages` type, which the other languages satisfy.
export const en = {
  order: 'Order',
  checkout: 'Checkout',
  yourOrder: 'Your order',
  yourCheckout: 'Your checkout',
  quoteNumber: 'Order number (quote it to the shop)',
  quoteReference: 'Reference (quote it to the shop)',
  serviceRef: 'Reference at the payment service',
  placed: 'Placed',
  paymentMethod: 'Payment method',
  otherMethod: 'Other payment method',
  methods: { CARD: 'Card', BANK_TRANSFER: 'Bank transfer', SEPA_DEBIT: 'SEPA direct debit', ...PAYMENT_BRANDS },
  product: 'Product',
  billing: 'Billing',
  every: { day: 'every day', week: 'every week', month: 'every month', year: 'every year' },
  freeTrial: { other: '#-day free trial' } as Plural,
  started: 'Started',
  expires: 'Expires',
  items: { one: '# item', other: '# items' } as Plural,
  item: 'Item',
  qty: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  timesIn: (zone: string) => `Times are shown in ${zone}.`,
  currencyNote: (from: string, to: string) => `Prices are in ${from}; the total is charged in ${to}.`,
  rateNote: (from: string, to: string, rate: string) => `Exchange rate: 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'The total includes charges beyond the items, such as shipping or taxes.',
  lessThanItems: 'The total includes a discount.',
  mixedCurrencies: (codes: string) =>
    `The items are priced in more than one currency (${codes}), so this page does not add them up. The total is the amount the payment service charges.`,
  itemsInOtherCurrency: (items: string, subtotal: string) =>
    `The items are priced in ${items} and the subtotal in ${subtotal}, so this page does not add them up. The total is the amount the payment service charges.`,
  itemsNotSubtotal: (sum: string, subtotal: string) =>
    `The items add up to ${sum}, but the subtotal is ${subtotal}. The shop can explain the difference.`,
  itemsNotTotal: (sum: string, total: string) => `The items add up to ${sum}, but the total is ${total}. The shop can explain the difference.`,
  paid: ['Paid', 'Your payment was received. Keep this page, or print it, as your receipt.'],
  received: ['Payment received', 'Thank you: your payment went through and your order is confirmed.'],
  processing: [
    'Payment being processed',
    'The payment service is still processing this payment. Nothing needs doing on your part; check again in a few minutes.',
  ],
  refunded: [
    'Refunded',
    'Your payment was refunded to the way you paid; banks usually take 5 to 10 business days to show it. Questions? Contact the shop and quote the order number.',
  ],
  failed: ['Payment failed', 'The payment did not go through, so nothing was charged. You can go back to the shop and try again.'],
  cancelled: [
    'Cancelled',
    'This order was cancelled. If money was taken, the shop returns it. Questions? Contact the shop and quote the order number.',
  ],
  unknownOrder: ['Status not shown here', 'This page cannot show the status of this order. The shop can tell you more: quote the order number.'],
  checkoutDoneNoOrder: [
    'Payment complete',
    'Your payment went through. The shop is still creating your order, so it is not available yet. Check again in a few minutes; if it does not appear, contact the shop and quote the reference below.',
  ],
  confirming: ['We are confirming your payment', 'This usually takes a few seconds. You can stay on this page or leave it: nothing is lost.'],
  unpaid: ['Not paid yet', 'This checkout is still open and nothing has been charged. To pay, go back to the shop.'],
  openUntil: (time: string) => `It stays open until ${time}.`,
  expired: ['Checkout expired', 'This checkout ended before it was paid, so nothing was charged. To buy, start again in the shop.'],
  expiredPaid: [
    'Checkout expired after payment',
    'This checkout has expired, yet the payment service says it was paid. Keep your receipt and contact the shop, quoting the reference below.',
  ],
  expiredProcessing: [
    'Checkout expired during payment',
    'This checkout expired while the payment service was still processing its payment, so you may have been charged. Keep your receipt and contact the shop, quoting the reference below.',
  ],
  expiredUnknown: [
    'Checkout expired',
    'This checkout has ended. This page cannot tell whether a payment was taken: if you were charged, keep your receipt and contact the shop, quoting the reference below.',
  ],
  expiredAt: (time: string) => `It expired on ${time}.`,
  unknownCheckout: ['Status not shown here', 'This page cannot show the status of this checkout. The shop can tell you more.'],
  checking: 'This page checks for you in the background.',
  checkByHand: 'This page does not update by itself. Use Check again to see the latest status.',
  stopped: 'We stopped checking after two minutes. Use Check again, or come back later: nothing is lost.',
  opening: 'Payment received. Opening your order…',
  changed: 'The status has changed. Loading it…',
  backToShop: 'Back to the shop',
  viewOrder: 'View your order',
  checkAgain: 'Check again',
  tryAgain: 'Try again',
  signOut: 'Sign out',
  home: ['Your orders', 'Open the link to an order or a checkout from the shop to see it here.'],
  signedInAs: (id: string) => `You are signed in as customer ${id}.`,
  howToReach:
    'To see an order, open its link in your order confirmation or in the shop. The order service keeps no list of your orders, so none are listed here.',
  notSignedIn: ['Not signed in', 'You are not signed in, or your sign-in has ended. Open the link from the shop again, or ask it for a new one.'],
  notFound: ['Not found', 'There is nothing here for you. Check the link, or sign in again from the shop.'],
  tooMany: ['Too many requests', 'Please wait a minute and reload.'],
  failedUpstream: [
    'Order service error',
    'The order service answered with an error, so this page cannot be shown right now. Nothing about your order has changed. Try again in a moment.',
  ],
  timedOut: [
    'Order service too slow',
    'The order service did not answer in time, so this page cannot be shown right now. Nothing about your order has changed. Try again in a moment.',
  ],
  reference: 'Reference',
  signIn: ['Sign in', 'You opened a sign-in link from the shop. Continue to see your order.'],
  signInSwitch: 'You are signed in as another customer in this browser; continuing signs you in with this link instead.',
  continue: 'Continue',
  signInFailed: {
    everywhere: ['Sign-in failed', 'This sign-in link is invalid, expired or ended by a sign-out. Ask the shop for a new one.'],
    thisBrowser: ['Sign-in failed', 'This sign-in link is invalid or has expired. Open it from the shop again.'],
  },
  linkRefused: ['Link refused', 'This sign-in link points to another site, so it was not followed.'],
  requestRefused: ['Request refused', 'This form was not sent from this site, so nothing was changed.'],
  signOutText: {
    everywhere: 'Sign out on all devices? Links you already have will stop working.',
    thisBrowser: 'Sign out of your orders in this browser?',
  },
  signedOut: {
    everywhere: ['Signed out', 'You are signed out on all devices; links you already have no longer work. Ask the shop for a new link.'],
    thisBrowser: ['Signed out', 'You are signed out in this browser. Open a link from the shop to sign in again.'],
  },
  signedOutHereOnly: [
    'Signed out here',
    'You are signed out in this browser, but other devices may still be signed in, and links you have may still work.',
  ],
  notSignedInToSignOut: [
    'Not signed in',
    'You were not signed in on this browser, so nothing changed: other devices and links you have are as they were. To sign out everywhere, sign in with a link from the shop, then sign out.',
  ],
  linkExpired: ['Sign-in link expired', 'This sign-in link has expired. Open your order from the shop again to get a new one.'],
  linkTooLongLived: (limit: string): TitleAndText => [
    'Sign-in link expired',
    `This sign-in link was made to last longer than this site accepts (at most ${limit}), so it counts as expired. Open your order from the shop again to get a new one.`,
  ],
  linkTooLarge: ['Sign-in link too long', 'This sign-in link carries more than a browser can keep, so it cannot sign you in. Please tell the shop.'],
} as const;
