/** The route-size analysis of `npm run size` on a small hand-made manifest. */
import { describe, expect, it } from 'vitest';
import { overBudget, parseRouteTable, routeSizes, staticClosure, type Budgets, type Manifest } from '../../scripts/size/analyze.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_charts.js': { file: 'assets/charts.js' },
  'src/features/auth/login-page.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/features/dashboard/dashboard-page.tsx': { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['_charts.js'], css: ['assets/dashboard.css'] },
};
const sizes: Record<string, number> = {
  'assets/index.js': 100 * 1024, 'assets/vendor.js': 20 * 1024, 'assets/charts.js': 70 * 1024, 'assets/login.js': 5 * 1024,
  'assets/dashboard.js': 10 * 1024, 'assets/index.css': 2 * 1024, 'assets/dashboard.css': 1024,
};
const modules: Record<string, string[]> = { 'assets/charts.js': ['/app/node_modules/chart.js/dist/chart.js'] };
const routes = [
  { path: '/login', layout: 'public', source: 'src/features/auth/login-page.tsx' },
  { path: '/dashboard', layout: 'shell', source: 'src/features/dashboard/dashboard-page.tsx' },
];
const measure = () => routeSizes(manifest, routes, (f) => sizes[f] ?? 0, (f) => modules[f] ?? []);
const budgets: Budgets = { publicTotalJsKb: { '/login': 150, '*': 150 }, shellEntryJsKb: 200, routeTotalJsKb: 250, noHeavyLibraries: ['/login', '/dashboard'] };

describe('route sizes', () => {
  it('follows static imports only, counts each file once', () => {
    expect(staticClosure(manifest, 'src/features/dashboard/dashboard-page.tsx').sort()).toEqual(['_charts.js', 'src/features/dashboard/dashboard-page.tsx']);
    const [login, dashboard] = measure();
    expect(login?.totalJs).toBe(125 * 1024); // index + vendor (once) + login
    expect(login?.entryJs).toBe(120 * 1024);
    expect(dashboard?.totalJs).toBe(200 * 1024);
    expect(dashboard?.totalCss).toBe(3 * 1024);
    expect(dashboard?.heavy).toEqual(['chart.js']);
    expect(login?.heavy).toEqual([]);
  });

  it('reports every budget exceeded, and nothing when within budget', () => {
    expect(overBudget(measure(), { ...budgets, noHeavyLibraries: ['/login'] })).toEqual([]);
    expect(overBudget(measure(), budgets)).toEqual(['/dashboard carica librerie pesanti: chart.js']);
    expect(overBudget(measure(), { ...budgets, publicTotalJsKb: { '/login': 124 }, noHeavyLibraries: [] })).toEqual(['/login: 125.0 KB gzip di JavaScript > budget 124 KB']);
    expect(overBudget(measure(), { ...budgets, shellEntryJsKb: 100, noHeavyLibraries: [] })[0]).toMatch(/^Entry 120\.0 KB/);
  });
});

describe('parseRouteTable', () => {
  it('reads path, layout and the lazy module; placeholders share one module', () => {
    const text = [
      "  { path: '/login', title: 'Accedi', layout: 'public', access: PUBLIC, component: lazy(() => import('@/features/auth/login-page')) },",
      "  { path: '/ddt', title: 'DDT', nav: 'DDT', layout: 'shell', access: SHOP, component: placeholder('DDT') },",
    ].join('\n');
    expect(parseRouteTable(text, (a) => `${a.replace('@/', 'src/')}.tsx`)).toEqual([
      { path: '/login', layout: 'public', source: 'src/features/auth/login-page.tsx' },
      { path: '/ddt', layout: 'shell', source: 'src/features/placeholder/placeholder-page.tsx' },
    ]);
  });
});
