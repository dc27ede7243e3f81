import { expect as baseExpect, test as base, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * How often `expect.poll` asks again by default: after 100 ms, then every 250 ms. Playwright's own default backs off
 * to once a second (100, 250, 500, 1000, 1000…), so a condition met 0.9 s in (a log entry, a document the app has
 * just written) was seen only at 1.85 s. A poll that names its own `intervals` keeps them.
 */
const POLL_INTERVALS = [100, 250];

type PollOptions = Exclude<Parameters<typeof baseExpect.poll>[1], undefined>;
const poll: typeof baseExpect.poll = (actual, options?: PollOptions) =>
  baseExpect.poll(actual, { intervals: POLL_INTERVALS, ...(typeof options === 'string' ? { message: options } : options) });

/** Playwright's `expect`, with `expect.poll` asking every 250 ms unless told otherwise (POLL_INTERVALS). */
export const expect: typeof baseExpect = new Proxy(baseExpect, {
  get: (target, property, receiver) => (property === 'poll' ? poll : Reflect.get(target, property, receiver) as unknown),
});

/**
 * Ends a page's Firestore listeners and channel as the SDK does it (src/lib/firestore-recorder.ts
 * `__e2eCloseFirestore`, present in test builds only), so that the emulator forgets them. A page that simply
 * disappears leaves its Listen channel open at the emulator, which keeps queueing every change of the queries the
 * page listened to: past 10,000 messages it aborts the channel and then logs every further message as a failure,
 * thousands a second, slowing every later test (a 10-second test took 190 s at the end of a run).
 */
async function closeFirestore(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const closing = page.evaluate(() => (globalThis as { __e2eCloseFirestore?: () => Promise<void> }).__e2eCloseFirestore?.()).catch(() => undefined);
  // A page offline or stuck must not hold the test up: the channel then dies with it, as before.
  await Promise.race([closing, new Promise<void>((resolve) => setTimeout(resolve, 1_000))]);
}

let patched = false;
/**
 * Every page and context closed anywhere in a spec (a second tab, another user's context) closes Firestore first.
 * Not before a navigation (page.goto, page.reload): a page whose instance was ended just before it navigated was
 * seen to load its next screen without ever getting an answer ('Caricamento vendite…' for 20 s), so the listeners
 * of a page navigated away stay with the emulator.
 */
function closeFirestoreBeforeClosing(page: Page): void {
  if (patched) return;
  patched = true;
  const pageClass = Object.getPrototypeOf(page) as { close: Page['close'] };
  const closePage = pageClass.close;
  pageClass.close = async function (this: Page, ...args: Parameters<Page['close']>) {
    await closeFirestore(this);
    return closePage.apply(this, args);
  };
  const contextClass = Object.getPrototypeOf(page.context()) as { close: BrowserContext['close'] };
  const closeContext = contextClass.close;
  contextClass.close = async function (this: BrowserContext, ...args: Parameters<BrowserContext['close']>) {
    await Promise.all(this.pages().map(closeFirestore));
    return closeContext.apply(this, args);
  };
}

/** Playwright's `test`, with every page's Firestore closed before the page goes (see `closeFirestore`). */
export const test = base.extend<{ closeFirestoreChannels: undefined }>({
  closeFirestoreChannels: [
    async ({ page }, use) => {
      closeFirestoreBeforeClosing(page);
      await use(undefined);
      // Set up after the test's own page and context (it asks for them), so this runs before they close.
      await Promise.all(page.context().pages().map(closeFirestore));
    },
    { auto: true },
  ],
});
