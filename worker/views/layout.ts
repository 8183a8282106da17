import { html, raw } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { PageRequest } from '../app.js';
import type { Settings } from '../settings.js';

// The one layout every page uses: the shop's name and way back, sign-out, the page's content; and its image sources.
// Above 34rem the items are a table whose amount cells stop growing at 11rem, or at half the screen less 8rem (room for
// two beside the item's picture and a 6rem quantity): a longer number wraps in its cell, and the page never widens.

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1d232b;background:#f3f4f6}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;overflow-wrap:anywhere}
.bar{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem 1rem;max-width:46rem;margin:0 auto;padding:1rem 1rem .5rem;font-size:.95rem}.shop{font-weight:700;color:#1d232b}.bar nav{display:flex;gap:1rem}.bar a{color:#2450a6;text-decoration:none;font-weight:600}.bar a:hover,.bar a:focus-visible{text-decoration:underline}
main{max-width:46rem;margin:0 auto 2rem;padding:1.5rem 1.25rem;background:#fff;border-radius:14px;box-shadow:0 1px 3px #0001,0 8px 24px #0000000d}
h1{font-size:1.6rem;line-height:1.25;margin:.15rem 0 .6rem}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
p{margin:.4rem 0}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.75rem 1.5rem;margin:1.25rem 0;padding:1rem;border-radius:10px;background:#f7f8fa}.facts dt{color:#4b5563;font-size:.85rem}.facts dd{margin:0;font-weight:600}
table{width:100%;border-collapse:collapse}caption{text-align:left;font-weight:700;font-size:1.05rem;padding:.25rem 0 .5rem}thead th{font-size:.8rem;color:#4b5563;font-weight:600;text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb}tbody th,td{padding:.7rem .5rem;border-bottom:1px solid #eef0f3;vertical-align:middle;text-align:left;font-weight:400}.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}@media (width>34rem){td.num{white-space:normal;overflow-wrap:break-word;max-width:min(11rem,calc(50vw - 8rem))}td.num:nth-child(2){max-width:6rem}}
main a:not(.button){color:#2450a6}
.item{display:flex;align-items:center;gap:.75rem}.thumb{position:relative;flex:none;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:10px;overflow:hidden;background:linear-gradient(135deg,#e8ecf3,#d6dde8);color:#4b5563;font-weight:700;font-size:1.35rem}.thumb img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;color:transparent;font-size:0}.thumb img::after{content:attr(data-initial);position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#e8ecf3,#d6dde8);color:#4b5563;font-size:1.35rem;font-weight:700}.name{font-weight:600}
.totals{max-width:22rem;margin:.65rem 0 0 auto}.totals div{display:flex;flex-wrap:wrap;column-gap:1rem;margin-top:.35rem;color:#4b5563}.totals dd{margin:0 0 0 auto;text-align:right;font-variant-numeric:tabular-nums;color:#1d232b}.totals .grand{font-size:1.15rem;font-weight:700;color:#1d232b}.totals div+.grand{padding-top:.35rem;border-top:1px solid #e5e7eb}
.note{color:#4b5563;font-size:.9rem;text-align:right}
.small{color:#4b5563;font-size:.85rem;margin-top:1.5rem}
.notice{margin:1rem 0;padding:1rem 1.1rem;border-radius:10px;border:1px solid #d1d5db;background:#f9fafb}.notice.ok{border-color:#a7dcb9;background:#effaf3}.notice.wait{border-color:#f0d58c;background:#fffbeb}.notice.stop{border-color:#f3b4b4;background:#fef2f2}.notice h2{margin:0 0 .25rem}
.button{display:inline-block;margin-top:.5rem;padding:.6rem 1.1rem;border:0;border-radius:8px;background:#2450a6;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}.button:hover,.button:focus-visible{background:#1b3f86}
.message p{max-width:36rem}
@media (max-width:34rem){main{border-radius:0;margin:0 0 1rem;padding:1.25rem 1rem}h1{font-size:1.35rem}.bar{padding:.75rem 1rem}.thumb,.thumb img::after{width:44px;height:44px;font-size:1.1rem}table,thead,tbody,caption{display:block}tr{display:flex;flex-wrap:wrap;gap:.35rem .75rem;align-items:baseline;padding:.6rem 0;border-bottom:1px solid #eef0f3}thead tr{padding:.3rem 0;border-color:#e5e7eb}tr>:first-child{flex:1 0 100%}tr>:nth-child(2){min-width:2.5rem}tr>:nth-child(3){flex:1 1 auto}tr>:nth-child(4){min-width:5.5rem;margin-left:auto}thead th,tbody th,td{padding:0;border:0}.num{white-space:normal}}
@page{size:A4;margin:15mm;@top-left{font:.75rem/1.25 system-ui,sans-serif;color:#4b5563}}
@media print{:root{background:#fff}body{min-height:0}.bar{padding:0 0 .5rem;max-width:none}.bar nav,.button,.noprint,.thumb{display:none}main{box-shadow:none;border-radius:0;margin:0;padding:0;max-width:none}.facts{background:none;padding:0}.notice{border:0;background:none;padding:0}tbody th,td{padding:.3rem .5rem}tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
`;

/**
 * SHA-256 of STYLE, for the CSP: a constant, since workerd ties a promise cached across requests to the first one.
 * The page tests recompute it from the page's own `<style>`.
 */
export const STYLE_HASH = 'OnlfHu8dFyONB1lA/9NYtg4qg9i5dWmY9jBV0Fno95s=';

/** Markup from `hono/html`'s `html` tag: escaped as it was built, awaited once by `c.html`. */
export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A page as a view returns it: its status, title and markup, and what it loads besides. */
export interface Page {
  readonly status: ContentfulStatusCode;
  readonly title: string;
  readonly body: Markup;
  readonly headers?: Record<string, string>;
  /** Show the sign-out link (the reader is signed in). */
  readonly signedIn?: boolean;
  /** The page has a form posting to this site: the CSP then allows `form-action 'self'` (else `'none'`). */
  readonly form?: boolean;
  /** A script to run on the page, allowed by this answer's nonce only; it may fetch this origin. */
  readonly script?: string | undefined;
  /** The pictures the page shows: `img-src` allows their https origins when IMAGE_HOSTS is unset. */
  readonly images?: Iterable<URL | undefined>;
  /** What every printed page carries beside the shop's name, at its top: the record and its number to quote. */
  readonly runningHead?: string | undefined;
}

/** The whole document of a page: the layout around its markup, its script and print style under `nonce`. */
export function layout(page: Page, { reader, settings, site }: PageRequest, nonce: string | undefined): Markup {
  const { title, body, signedIn = false, script, runningHead } = page;
  const shop = settings.shopUrl;
  const name = settings.shopHost ?? site;
  const links = [
    shop === undefined ? '' : html`<a href="${shop}">← ${reader.t.backToShop}</a>`,
    signedIn ? html`<a href="/sign-out">${reader.t.signOut}</a>` : '',
  ];
  const nav = shop !== undefined || signedIn ? html`<nav>${links}</nav>` : '';
  // The shop's name and the number on every printed sheet: a page-margin box (CSS Paged Media §5), drawn on each
  // sheet by Chromium 131 and later; a browser without margin boxes prints them on the first sheet only (.bar, h1).
  // Chromium wraps a margin box at spaces only: a long head may break after any character (U+200B), and past three
  // lines' worth it ends in a marked cut.
  const chars = [...[name, runningHead].filter(Boolean).join(' · ')];
  const head = (chars.length > 180 ? [...chars.slice(0, 179), '…'] : chars).join(chars.length > 60 ? '\u200b' : '');
  const printStyle = runningHead === undefined ? undefined : `@page{@top-left{content:${cssString(head)}}}`;
  return html`<!doctype html>
<html lang="${reader.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${raw(STYLE)}</style>
${printStyle === undefined ? '' : html`<style nonce="${nonce}">${raw(printStyle)}</style>\n`}</head>
<body>
<header class="bar"><span class="shop">${name}</span>${nav}</header>
<main>
${body}
</main>
${script === undefined ? '' : html`<script nonce="${nonce}">${raw(script)}</script>\n`}</body>
</html>
`;
}

/** The `img-src` sources of a page: `IMAGE_HOSTS`, else the https origins of the images it shows, else `'none'`. */
export function imageSources(settings: Settings, images: Iterable<URL | undefined> = []): string {
  if (settings.imageHosts !== undefined) return settings.imageHosts.join(' ');
  const hosts = new Set([...images].flatMap((image) => (image?.protocol === 'https:' ? [image.origin] : [])));
  return hosts.size === 0 ? "'none'" : [...hosts].join(' ');
}

// A CSS string that says `text` and nothing else: every character but letters, digits and spaces as a code-point
// escape (CSS Syntax §4.3.7), so a quote, a backslash or `</style>` in a record's number cannot end it.
function cssString(text: string): string {
  return `"${text.replace(/[^A-Za-z0-9 ]/gu, (char) => `\\${char.codePointAt(0)!.toString(16)} `)}"`;
}
