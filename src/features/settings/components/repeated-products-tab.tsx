import { ScreenSlot } from '@/components/slots/screen-slot';

/**
 * Prodotti ripetuti (document 3 §2.3): groups of products sharing a barcode, with merges. The screen belongs to
 * the warehouse feature (features/warehouse/repeated-products-page.tsx); the app layer registers it as a screen
 * slot and this tab mounts it (never a second copy).
 */
export default function RepeatedProductsTab() {
  return (
    <div className="settings-section">
      <ScreenSlot name="repeated-products" fallback={<p className="banner banner--warning">La ricerca dei prodotti ripetuti non è disponibile.</p>} />
    </div>
  );
}
