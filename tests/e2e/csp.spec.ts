import { expect, test } from './fixture';

/**
 * The build is served with firebase.json's production headers (scripts/e2e.ts). Every other spec runs under that
 * policy, and the run fails on any violation the browser reports; this spec proves the policy is enforced and that
 * its reports reach the run (the probe page's own reports, marked `csp-probe`, are counted apart and required).
 */
test('the production headers are served, and the policy blocks injected scripts and foreign hosts and reports it', async ({ page }) => {
  const response = await page.goto('/login?csp-probe=1');
  const headers = response?.headers() ?? {};
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['content-security-policy']).toContain(`script-src 'self'`);
  expect(headers['content-security-policy']).toContain('report-uri ');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();

  await page.evaluate(() => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
    // An injected inline script (what an XSS would add) must not run.
    const inline = document.createElement('script');
    inline.textContent = 'window.__cspProbeRan = true';
    document.head.appendChild(inline);
    const image = document.createElement('img');
    image.src = 'http://192.0.2.1/csp-probe.png';
    document.body.appendChild(image);
    (window as { __cspViolations?: string[] }).__cspViolations = violations;
  });
  // The browser reports when it gets to it (later on a busy machine): wait for both reports.
  await expect
    .poll(() => page.evaluate(() => [...((window as { __cspViolations?: string[] }).__cspViolations ?? [])].sort()), { timeout: 20_000 })
    .toEqual(['img-src', 'script-src-elem']);
  expect(await page.evaluate(() => (window as { __cspProbeRan?: boolean }).__cspProbeRan === true)).toBe(false);
});
