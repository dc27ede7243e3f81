import { lazyPart } from '@/lib/lazy-part';
import { registerScreen } from '@/components/slots/screen-slot';

/** Screens shown inside another feature's page (see components/slots/screen-slot.tsx). */
registerScreen('repeated-products', lazyPart(() => import('@/features/warehouse/repeated-products-page')));
