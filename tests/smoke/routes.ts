import type { Page } from '@playwright/test';

/** A route of the app's route table, as the dev-server smoke spec needs it. */
export interface SmokeRoute {
  path: string;
  /** The user levels that may open it; ['*'] = any signed-in user; [] = public. */
  levels: string[];
}

/**
 * The app's own route table, read through the dev server (which compiles src/app/route-table.ts for the browser):
 * a route added to the app is smoke-tested without touching this file. `:id` gets a seeded shop.
 */
export async function loadRoutes(page: Page, shopId: string): Promise<SmokeRoute[]> {
  return page.evaluate(async (id) => {
    const url = '/src/app/route-table.ts';
    const { ROUTES } = (await import(/* @vite-ignore */ url)) as {
      ROUTES: { path: string; access: { kind: 'public' } | { kind: 'authenticated' } | { kind: 'levels'; levels: string[] } }[];
    };
    return ROUTES.map((r) => ({
      path: r.path.replace(':id', id),
      levels: r.access.kind === 'levels' ? [...r.access.levels] : r.access.kind === 'authenticated' ? ['*'] : [],
    }));
  }, shopId);
}

/** The routes a signed-in user of `level` may open (the public ones are opened signed out). */
export function routesFor(routes: readonly SmokeRoute[], level: string): SmokeRoute[] {
  return routes.filter((r) => r.levels.includes('*') || r.levels.includes(level));
}
