import { expect, test, type Page } from './fixture';
import zlib from 'node:zlib';
import { openSignedIn, waitForScreenLoaded } from './helpers';

/** The colour of one page pixel in a full-page capture (document coordinates), as '#rrggbb'. */
async function pagePixel(page: Page, x: number, y: number): Promise<string> {
  const png = await page.screenshot({ fullPage: true, clip: { x, y, width: 1, height: 1 }, animations: 'disabled' });
  // PNG: 8-byte signature, then chunks; IHDR gives the colour type, IDAT the deflated scanline (filter byte + pixel).
  let offset = 8;
  let colourType = 6;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') colourType = data[9] ?? 6;
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  expect(colourType === 2 || colourType === 6).toBe(true);
  return `#${[raw[1], raw[2], raw[3]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

test.use({ viewport: { width: 1366, height: 850 } });

for (const path of ['/sales', '/invoices?tipo=outgoing', '/warehouse']) {
  test(`the docked sidebar's white column reaches the bottom of a long page (${path})`, async ({ page }) => {
    await openSignedIn(page, 'owner', path);
    await expect(page.locator('.shell--docked.shell--sidebar-open')).toBeVisible();
    // The screen first: a table painted after the filler would cover the bottom of the page.
    await waitForScreenLoaded(page, path);
    // A long page: taller than two screens.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '2400px';
      filler.dataset.testFiller = '';
      document.querySelector('.shell__main')?.append(filler);
    });
    // The page's height once it stops changing (a list still settling would move the bottom edge).
    let height = 0;
    await expect.poll(async () => {
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      const settled = now === height;
      height = now;
      return settled;
    }, { intervals: [250] }).toBe(true);
    expect(height).toBeGreaterThan(2 * 850);
    expect(await pagePixel(page, 20, 100)).toBe('#ffffff');
    expect(await pagePixel(page, 20, height - 5)).toBe('#ffffff');
    // …and the content area keeps the page background.
    expect(await pagePixel(page, 900, height - 5)).toBe('#f4f6f9');
  });
}

test('a reload paints the screen title before Firestore is asked anything, then the screen loads', async ({ page }) => {
  // In the page: when a heading first appears, and when each request to Firestore's Listen/Write channel starts.
  await page.addInitScript({
    content: `
      window.__firstScreen = { title: undefined, channel: [] };
      new MutationObserver(() => {
        if (window.__firstScreen.title === undefined && document.querySelector('h1')) window.__firstScreen.title = performance.now();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (/google\\.firestore\\.v1\\.Firestore\\/(Listen|Write)\\/channel/.test(e.name)) window.__firstScreen.channel.push(e.startTime);
      }).observe({ type: 'resource', buffered: true });
    `,
  });
  // /warehouse: a screen behind a pack, so the permissions are read before it can show; its title does not wait.
  await openSignedIn(page, 'owner', '/warehouse');
  await waitForScreenLoaded(page, '/warehouse');
  await expect(page.getByRole('heading', { name: 'Magazzino', level: 1 })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __firstScreen: { title?: number; channel: number[] } }).__firstScreen);
  expect(seen.title).toBeDefined();
  expect(seen.channel.length).toBeGreaterThan(0);
  expect(Math.min(...seen.channel)).toBeGreaterThan(seen.title ?? Infinity);
});

// Up to seven actions on a received invoice: at a desk its table fits beside the docked sidebar, its buttons wrapping,
// even after /customers has brought in its stylesheet (a row's buttons on one line elsewhere).
test('at a desk the received invoices fit their box, after another screen\'s styles', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, 'owner', '/customers');
  await expect(page.getByTestId('customers-table')).toBeVisible();
  await page.goto('/invoices?tipo=incoming');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  const box = await page.locator('.table-scroll').first().evaluate((e) => ({ content: e.scrollWidth, shown: e.clientWidth }));
  expect(box.content, 'la tabella delle fatture in entrata scorre in orizzontale').toBeLessThanOrEqual(box.shown);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 900 } });

  // A wide table scrolls inside its own box (.table-scroll); the page itself never scrolls sideways, so the top bar,
  // the filters and the cards stay where the thumb expects them.
  const screens: [string, string][] = [
    ['/sales', '[data-testid="sales-table"]'],
    ['/invoices?tipo=outgoing', '[data-testid="invoices-table"]'],
    ['/zreport', '[data-testid="zreport-table"]'],
    ['/ddt', '[data-testid="ddt-table"]'],
    ['/customers', '[data-testid="customers-table"]'],
    ['/statistics', '.stats-charts'],
  ];
  test('the wide screens do not scroll sideways: their tables scroll in their own box', async ({ page }) => {
    await openSignedIn(page, 'owner', '/dashboard');
    for (const [path, content] of screens) {
      await page.goto(path);
      await waitForScreenLoaded(page, path);
      await expect(page.locator(content).first(), path).toBeVisible();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      expect(widths.page, `${path}: la pagina scorre in orizzontale`).toBeLessThanOrEqual(widths.view);
    }
  });

  // A product's price and stock, an invoice's total and status, and every row's buttons sit on the card, inside the
  // screen: a table scrolled in its box hid them past the right edge, where nobody scrolls to look.
  const cards: [string, string[], string][] = [
    ['/warehouse', ['Prezzo', 'Quantità'], 'product-row'],
    ['/invoices?tipo=outgoing', ['Totale', 'Stato'], 'invoice-row'],
    ['/invoices?tipo=incoming', ['Totale', 'Scadenza', 'Stato'], 'invoice-row'],
    ['/invoices?tipo=drafts', ['Totale', 'Tipo'], 'invoice-row'],
  ];
  test('products and invoices are cards: price, status and actions on screen, each under its name', async ({ page }) => {
    await openSignedIn(page, 'owner', '/dashboard');
    for (const [path, labels, rowId] of cards) {
      await page.goto(path);
      await waitForScreenLoaded(page, path);
      const row = page.getByTestId(rowId).first();
      await expect(row, path).toBeVisible();
      const right = await page.evaluate(() => document.documentElement.clientWidth);
      const inside = (what: string, box: { x: number; width: number } | null) => {
        expect(box, `${path}: ${what} non visibile`).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), `${path}: ${what} oltre il bordo dello schermo`).toBeLessThanOrEqual(right);
        expect(box?.x ?? -1, `${path}: ${what} oltre il bordo dello schermo`).toBeGreaterThanOrEqual(0);
      };
      for (const label of labels) {
        const cell = row.locator(`td[data-label="${label}"]`);
        inside(label, await cell.boundingBox());
        const caption = await cell.evaluate((e) => getComputedStyle(e, '::before').content);
        expect(caption, `${path}: ${label} senza il suo nome`).toBe(`"${label}"`);
      }
      for (const button of await row.locator('.row-actions button').all()) inside(`il pulsante ${await button.innerText()}`, await button.boundingBox());
    }
  });

  // The action cell is a table cell whose buttons sit side by side with whole labels: squeezed to the width of its
  // widest button, it stacked 'Apri', 'PDF' and 'Riporta in bozza' one per line (180 px rows, 490 for a received one).
  test('an invoice row keeps its actions side by side', async ({ page }) => {
    await openSignedIn(page, 'owner', '/invoices?tipo=outgoing');
    const row = page.getByTestId('invoice-row').first();
    const [open, pdf] = [row.getByRole('button', { name: /^Apri / }), row.getByRole('button', { name: 'PDF' })];
    await expect(pdf).toBeVisible();
    const [openBox, pdfBox] = [await open.boundingBox(), await pdf.boundingBox()];
    expect(Math.abs((openBox?.y ?? 0) - (pdfBox?.y ?? 1)), "'Apri' e 'PDF' non sono sulla stessa riga").toBeLessThan(2);
    const buttonHeights = await row.locator('.row-actions button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
    expect(Math.max(...buttonHeights), 'un pulsante va a capo').toBeLessThan(48);
  });
});
