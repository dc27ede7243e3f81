import { lazy } from 'react';
import { registerScreen } from '@/components/slots/screen-slot';

/** Screens shown inside another feature's page (see components/slots/screen-slot.tsx). */
registerScreen('repeated-products', lazy(() => import('@/features/warehouse/repeated-products-page')));
