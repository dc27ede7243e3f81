/**
 * What each route downloads before its first paint, from Vite's build manifest: the entry (index.html) with
 * its static imports, plus the route's own lazy chunk with its static imports. Pure: the caller gives the
 * manifest, the gzipped size of each file and the modules each chunk holds.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteModule {
  path: string;
  layout: string;
  /** Source of the route's lazy module, e.g. 'src/features/auth/login-page.tsx'. */
  source: string;
}

export interface RouteSize {
  path: string;
  layout: string;
  /** gzip bytes of the entry and its static imports (the shell, before any feature code). */
  entryJs: number;
  /** gzip bytes of the entry plus the route's layout (the signed-in shell), before the route's own code. */
  shellJs: number;
  /** gzip bytes of all JavaScript loaded before the first paint. */
  totalJs: number;
  totalCss: number;
  files: string[];
  /** Heavy libraries found in what the route loads first (should be none on /login and in the entry). */
  heavy: string[];
  entryHeavy: string[];
}

/** Heavy libraries that must load only with the screen that needs them (DESIGN.md §9). */
export const HEAVY_LIBRARIES: { name: string; pattern: RegExp }[] = [
  { name: 'chart.js', pattern: /node_modules\/(chart\.js|react-chartjs-2)\// },
  { name: 'jspdf', pattern: /node_modules\/jspdf\// },
  { name: 'jspdf-autotable', pattern: /node_modules\/jspdf-autotable\// },
  { name: 'xmllint-wasm', pattern: /node_modules\/xmllint-wasm\// },
  { name: 'XSD', pattern: /\.xsd(\?.*)?$/ },
  { name: 'papaparse', pattern: /node_modules\/papaparse\// },
  { name: 'qrcode', pattern: /node_modules\/qrcode\// },
];

/** The chunk keys loaded with `key`: itself and its static imports, recursively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const next of manifest[k].imports ?? []) visit(next);
  };
  visit(key);
  return [...seen];
}

function heavyIn(keys: string[], manifest: Manifest, modulesOf: (file: string) => string[]): string[] {
  const found = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const id of modulesOf(chunk.file)) for (const lib of HEAVY_LIBRARIES) if (lib.pattern.test(id)) found.add(lib.name);
  }
  return [...found].sort();
}

export function routeSizes(
  manifest: Manifest,
  routes: RouteModule[],
  gzipSize: (file: string) => number,
  modulesOf: (file: string) => string[],
  /** The lazy layout module of each layout ('shell', 'plain'), loaded before the route's own chunk. */
  layoutSources: Record<string, string> = {},
): RouteSize[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('Nessun entry nel manifest di Vite');
  const entry = staticClosure(manifest, entryKey);
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);
  const jsOf = (keys: string[]) => new Set(keys.map((k) => manifest[k]?.file).filter((f): f is string => f !== undefined));
  const cssOf = (keys: string[]) => new Set(keys.flatMap((k) => manifest[k]?.css ?? []));
  const entryHeavy = heavyIn(entry, manifest, modulesOf);
  return routes.map((route) => {
    if (!manifest[route.source]) throw new Error(`La rotta ${route.path} punta a ${route.source}, assente dal manifest`);
    const layoutSource = layoutSources[route.layout];
    const layout = layoutSource && manifest[layoutSource] ? staticClosure(manifest, layoutSource) : [];
    const keys = [...new Set([...entry, ...layout, ...staticClosure(manifest, route.source)])];
    const js = jsOf(keys);
    return {
      path: route.path,
      layout: route.layout,
      entryJs: sum(jsOf(entry)),
      shellJs: sum(jsOf([...new Set([...entry, ...layout])])),
      totalJs: sum(js),
      totalCss: sum(cssOf(keys)),
      files: [...js],
      heavy: heavyIn(keys, manifest, modulesOf),
      entryHeavy,
    };
  });
}

export interface Budgets {
  _note?: string;
  /** gzip KB of JavaScript before the first paint, per public route ('*' for the others). */
  publicTotalJsKb: Record<string, number>;
  /** gzip KB of the entry before any feature code. */
  shellEntryJsKb: number;
  /** gzip KB of the entry plus the signed-in layout (shell or plain), before the route's own code. */
  shellBeforeFeatureJsKb?: number;
  /** gzip KB of JavaScript before the first paint of a shell or plain route, feature included. */
  routeTotalJsKb: number;
  /** Routes where no heavy library may load before the first paint. */
  noHeavyLibraries: string[];
}

/** Every budget a route exceeds, as Italian lines (empty = within budget). */
export function overBudget(sizes: RouteSize[], budgets: Budgets): string[] {
  const kb = (bytes: number) => bytes / 1024;
  const problems: string[] = [];
  const first = sizes[0];
  if (first && first.entryHeavy.length > 0) problems.push(`Librerie pesanti nell'entry: ${first.entryHeavy.join(', ')}`);
  if (first && kb(first.entryJs) > budgets.shellEntryJsKb) {
    problems.push(`Entry ${kb(first.entryJs).toFixed(1)} KB gzip > budget ${budgets.shellEntryJsKb} KB`);
  }
  for (const size of sizes) {
    const limit = size.layout === 'public' ? (budgets.publicTotalJsKb[size.path] ?? budgets.publicTotalJsKb['*']) : budgets.routeTotalJsKb;
    if (limit !== undefined && kb(size.totalJs) > limit) problems.push(`${size.path}: ${kb(size.totalJs).toFixed(1)} KB gzip di JavaScript > budget ${limit} KB`);
    if (size.layout !== 'public' && budgets.shellBeforeFeatureJsKb !== undefined && kb(size.shellJs) > budgets.shellBeforeFeatureJsKb) {
      problems.push(`${size.path}: shell prima del codice della schermata ${kb(size.shellJs).toFixed(1)} KB gzip > budget ${budgets.shellBeforeFeatureJsKb} KB`);
    }
    if (budgets.noHeavyLibraries.includes(size.path) && size.heavy.length > 0) problems.push(`${size.path} carica librerie pesanti: ${size.heavy.join(', ')}`);
  }
  return problems;
}

/** Routes of src/app/route-table.ts: path, layout and the lazy module (placeholders share one module). */
export function parseRouteTable(text: string, resolveSource: (alias: string) => string): RouteModule[] {
  const routes: RouteModule[] = [];
  for (const line of text.split('\n')) {
    const path = /path: '([^']+)'/.exec(line)?.[1];
    const layout = /layout: '([^']+)'/.exec(line)?.[1];
    if (!path || !layout) continue;
    const lazy = /import\('(@\/[^']+)'\)/.exec(line)?.[1];
    const source = lazy ?? (line.includes('placeholder(') ? '@/features/placeholder/placeholder-page' : undefined);
    if (!source) throw new Error(`Rotta ${path}: modulo non riconosciuto nella tabella delle rotte`);
    routes.push({ path, layout, source: resolveSource(source) });
  }
  return routes;
}
