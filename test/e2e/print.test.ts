import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack, upstreamRecord } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

// The order page printed by Chromium (page.pdf, the print stylesheet): one A4 page, and in the printed layout the
// shop's name, the order number, the items and the totals, each column's values under their own header. A long
// order runs over several sheets, and each sheet carries the shop's name and the order number (the PDF's text,
// page by page, read with unpdf).

const available = chromiumAvailable();
// A4 (210 × 297 mm) in PDF points (1/72 in); Chromium rounds to its own device pixels, within a point or two.
const A4 = { width: 595.28, height: 841.89 };

/** The text Chromium printed on each page of a PDF. */
async function textPerPage(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text;
}

/** A sheet's text without its line breaks and break opportunities (spaces and U+200B), for text that may wrap anywhere. */
const withoutBreaks = (text: string) => text.replace(/[\s\u200b]+/g, '');

/** Signs in as `sub` through the sign-in link and its Continue button, landing on `path`. */
async function signIn(stack: Stack, page: Page, sub: string, path: string): Promise<void> {
  const token = await stack.token(sub);
  await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: path })}`);
  await Promise.all([page.waitForURL(`${stack.url}${path}`), page.getByRole('button').click()]);
}

/** The pages of a PDF: the MediaBox of each `/Type /Page` object (not `/Pages`). */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  const pages = [...text.matchAll(/\/Type\s*\/Page(?!s)[\s\S]*?\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
  return pages.map((match) => ({ width: Number(match[3]) - Number(match[1]), height: Number(match[4]) - Number(match[2]) }));
}

describe.skipIf(!available)('printing the order page', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ vars: { SHOP_URL: 'https://shop.example.com/' } }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test.each([
    ['cus_ada', '/orders/ord_ada_1', 'ADA-2026-0042', ['Single-origin espresso beans, 1 kg', 'Ceramic pour-over dripper'], '€73.27'],
    ['cus_grace', '/orders/ord_grace_1', 'GRACE-2026-0007', ['Conical burr hand grinder'], '£71.17'],
  ])('%s %s: one A4 page with the shop, the number, the items under their headers and the totals', async (sub, path, number, items, total) => {
    const ctx = await browser.newContext({ locale: 'en-US' });
    await stayOnLoopback(ctx);
    const page = await ctx.newPage();
    await signIn(stack, page, sub, path);

    const pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(Math.abs(pages[0]!.width - A4.width)).toBeLessThan(2);
    expect(Math.abs(pages[0]!.height - A4.height)).toBeLessThan(2);
    expect(await textPerPage(pdf)).toEqual([expect.stringContaining(`shop.example.com · Order ${number}`)]);

    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const visible = (element: Element | null) =>
        element !== null && (element as HTMLElement).offsetParent !== null && getComputedStyle(element).display !== 'none';
      const box = (element: Element) => element.getBoundingClientRect();
      const headers = [...document.querySelectorAll('thead th')];
      const rows = [...document.querySelectorAll('tbody tr')].map((row) => [...row.children]);
      // Each cell lies under its own column's header: their horizontal extents overlap most.
      const aligned = rows.every((cells) =>
        cells.every((cell, index) => {
          const overlaps = headers.map((header) => Math.min(box(header).right, box(cell).right) - Math.max(box(header).left, box(cell).left));
          return overlaps.indexOf(Math.max(...overlaps)) === index;
        }),
      );
      return {
        text: (document.body as HTMLElement).innerText,
        shop: visible(document.querySelector('.shop')),
        nav: visible(document.querySelector('.bar nav')),
        thumbs: [...document.querySelectorAll('.thumb')].some(visible),
        headers: headers.map((header) => (header as HTMLElement).innerText),
        columns: rows.map((cells) => cells.length),
        aligned,
      };
    });
    expect(printed.shop).toBe(true);
    expect(printed.text).toContain('shop.example.com');
    expect(printed.text).toContain(number);
    for (const item of items) expect(printed.text).toContain(item);
    expect(printed.text).toContain(total);
    expect(printed.headers.map((header) => header.toLowerCase())).toEqual(['item', 'qty', 'unit price', 'amount']);
    expect(new Set(printed.columns)).toEqual(new Set([4]));
    expect(printed.aligned).toBe(true);
    expect(printed.nav).toBe(false);
    expect(printed.thumbs).toBe(false);
    await ctx.close();
  });

  test.each([
    ['en-US', 'Order'],
    ['de-DE', 'Bestellung'],
  ])('a 40-item order in %s: every printed sheet carries the shop and the order number', async (locale, order) => {
    const item = { name: 'Filter papers, pack of 100', unitAmount: 1, quantity: 1, currency: 'EUR', imageUrl: null };
    stack.sandbox.putOrder({
      orderId: 'ord_ada_long',
      merchantReferenceId: 'ADA-2026-0099',
      customerId: 'cus_ada',
      status: 'success',
      paymentCurrency: 'EUR',
      amountTotal: 40,
      priceDataList: Array.from({ length: 40 }, () => item),
    });
    const ctx = await browser.newContext({ locale });
    await stayOnLoopback(ctx);
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/orders/ord_ada_long');
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const sheets = await textPerPage(pdf);
    console.log(`a 40-item order prints on ${sheets.length} A4 pages (${locale})`);
    // The counter sees more than one page, so "one page" above can fail.
    expect(pdfPages(pdf).length).toBe(sheets.length);
    expect(sheets.length).toBeGreaterThan(1);
    for (const [index, sheet] of sheets.entries()) expect(sheet, `page ${index + 1}`).toContain(`shop.example.com · ${order} ADA-2026-0099`);
    await ctx.close();
  });

  test('a 150-character reference: every sheet’s running head shows it whole, and no item’s row splits across two sheets', async () => {
    const reference = `ADA-${'7'.repeat(142)}-END`;
    // Names that wrap over several lines, so a row is tall enough to land across a sheet's end.
    const items = Array.from({ length: 24 }, (_, index) => ({
      name: `Item ${index + 1} begins: ${'a long description of the filter papers '.repeat(index % 3 === 0 ? 30 : 6)}Item ${index + 1} ends`,
      unitAmount: 1,
      quantity: 1,
      currency: 'EUR',
      imageUrl: null,
    }));
    stack.sandbox.putOrder({
      orderId: 'ord_ada_long_reference',
      merchantReferenceId: reference,
      customerId: 'cus_ada',
      status: 'success',
      paymentCurrency: 'EUR',
      amountTotal: items.length,
      priceDataList: items,
    });
    const ctx = await browser.newContext({ locale: 'en-US' });
    await stayOnLoopback(ctx);
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/orders/ord_ada_long_reference');
    const sheets = (await textPerPage(await page.pdf({ preferCSSPageSize: true }))).map(withoutBreaks);
    console.log(`24 long items print on ${sheets.length} A4 pages`);
    expect(sheets.length).toBeGreaterThan(2);
    // Wrapped or not, the whole reference is on each sheet (the text without its line breaks).
    for (const [index, sheet] of sheets.entries()) expect(sheet, `page ${index + 1}`).toContain(`shop.example.com·Order${reference}`);
    // Each item's name whole on one sheet: a row split across two would leave part of it on each.
    for (const { name } of items) {
      const whole = withoutBreaks(name);
      expect(
        sheets.filter((sheet) => sheet.includes(whole)),
        name.slice(0, 8),
      ).toHaveLength(1);
    }
    await ctx.close();
  });

  test('a 400-character reference: the running head shows as much as fits and marks the cut, the page itself all of it', async () => {
    const reference = `ADA-${'7'.repeat(392)}-END`;
    const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({ ...order, orderId: 'ord_ada_longer_reference', merchantReferenceId: reference });
    const ctx = await browser.newContext({ locale: 'en-US' });
    await stayOnLoopback(ctx);
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/orders/ord_ada_longer_reference');
    const sheets = (await textPerPage(await page.pdf({ preferCSSPageSize: true }))).map(withoutBreaks);
    for (const sheet of sheets) {
      const [, shown = ''] = /^shop\.example\.com·Order(ADA-7+)…/.exec(sheet) ?? [];
      expect(shown.length, sheet.slice(0, 300)).toBeGreaterThan(100);
      expect(reference.startsWith(shown)).toBe(true);
    }
    expect(sheets.join('')).toContain(reference);
    await ctx.close();
  });
});
