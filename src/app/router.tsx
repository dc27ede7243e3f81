import { Suspense, useEffect } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, RouterProvider } from 'react-router-dom';
import { PageLoading, ScreenLoading } from '@/components/ui/spinner';
import { RouteGuard } from './route-guard';
import { ROUTES, type AppRoute, type Layout } from './route-table';
import './screen-slots';
import { RouteError } from './route-error';
import { DocumentTitle } from './document-title';
import { afterNextPaint, firstScreenPainted } from '@/lib/first-screen';
import { lazyPart } from '@/lib/lazy-part';
import { startInTurn } from '@/lib/tasks';
import { RootLayout } from './shell/root-layout';

/** Opens the reads held for the first screen once this route's first frame (its title at least) is painted. */
function FirstScreenMark() {
  useEffect(() => afterNextPaint(firstScreenPainted), []);
  return null;
}

function element(route: AppRoute) {
  const Screen = route.component;
  return (
    <>
      <FirstScreenMark />
      <RouteGuard route={route}>
        <DocumentTitle title={route.title} />
        <Suspense fallback={route.layout === 'shell' ? <ScreenLoading title={route.title} /> : <PageLoading />}>
          <Screen />
        </Suspense>
      </RouteGuard>
    </>
  );
}

// The signed-in layouts (and the data they read) load after sign-in, not with the login page. They paint without
// the Firestore SDK, but right after the auth check come the profile read and the top bar's shop listener, which
// need it: their modules are fetched alongside the layout's, never awaited (off the first paint's critical path,
// yet arriving about when a static import from the layout would).
// The screen of the address being opened is fetched with them: it renders only once the guard has the profile
// (a Firestore read), and fetching it then would add its download to the wait.
const prefetchSignedInReads = () => {
  // After the next paint (the layout's fallback): these requests never compete with the first paint. One
  // import per task: each appends its chunks' preload links, a few milliseconds of main thread per import.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const opening = ROUTES.find((route) => route.layout !== 'public' && matchPath(route.path, window.location.pathname));
      const loads: (() => Promise<unknown>)[] = [() => import('@/features/auth/api'), () => import('@/lib/firebase-listen'), () => import('@/data/shop')];
      if (opening) loads.push(opening.component.preload);
      startInTurn(loads).catch(() => undefined);
    }, 0),
  );
};
const AppShell = lazyPart(() => {
  prefetchSignedInReads();
  return import('./shell/app-shell').then((m) => ({ default: m.AppShell }));
});
const PlainLayout = lazyPart(() => {
  prefetchSignedInReads();
  return import('./shell/plain-layout').then((m) => ({ default: m.PlainLayout }));
});

const LAYOUTS: Record<Layout, () => React.JSX.Element> = {
  shell: () => (
    <Suspense fallback={<PageLoading />}>
      <AppShell />
    </Suspense>
  ),
  plain: () => (
    <Suspense fallback={<PageLoading />}>
      <PlainLayout />
    </Suspense>
  ),
  public: () => <Outlet />,
};

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      ...(['public', 'plain', 'shell'] as const).map((layout) => {
        const Layout = LAYOUTS[layout];
        return {
          element: <Layout />,
          children: ROUTES.filter((r) => r.layout === layout).map((route) => ({ path: route.path, element: element(route) })),
        };
      }),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);

/** A navigation asked from outside the route tree (the app-wide notice's action). */
export function navigateInApp(to: string): void {
  void router.navigate(to);
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
