import { createElement, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { PageLoading } from '@/components/ui/spinner';

/**
 * Screens one feature shows inside another's page (features never import each other): the app layer registers
 * the lazy screen under a name at start-up (src/app/screen-slots.ts), the host page renders <ScreenSlot name>.
 */
export type ScreenSlotName = 'repeated-products';

const registry = new Map<ScreenSlotName, LazyExoticComponent<ComponentType>>();

export function registerScreen(name: ScreenSlotName, screen: LazyExoticComponent<ComponentType>): void {
  registry.set(name, screen);
}

export function ScreenSlot({ name, fallback = null }: { name: ScreenSlotName; fallback?: ReactNode }) {
  const Screen = registry.get(name);
  if (!Screen) return <>{fallback}</>;
  // The registry's screens are created once at start-up, not during render: a stable component per name.
  return <Suspense fallback={<PageLoading />}>{createElement(Screen)}</Suspense>;
}
