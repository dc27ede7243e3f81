import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { RouteGuard } from './route-guard';
import { ROUTES, type AppRoute, type Layout } from './route-table';
import { AppShell } from './shell/app-shell';
import { PlainLayout } from './shell/plain-layout';
import { RouteError } from './route-error';
import { DocumentTitle } from './document-title';
import { RootLayout } from './shell/root-layout';

function element(route: AppRoute) {
  const Screen = route.component;
  return (
    <RouteGuard route={route}>
      <DocumentTitle title={route.title} />
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </RouteGuard>
  );
}

const LAYOUTS: Record<Layout, () => React.JSX.Element> = {
  shell: AppShell,
  plain: PlainLayout,
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

export function AppRouter() {
  return <RouterProvider router={router} />;
}
