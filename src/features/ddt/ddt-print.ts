/**
 * The DDT's PDF from the stored note and the shop (loaded with `import()` with jspdf, when the user prints).
 */
import type { Ddt } from '@/data/ddt';
import { ddtPdfView } from '@/data/ddt-pdf-view';
import type { Shop } from '@/data/shop';
import { ddtPdfFileName, renderDdtPdf } from '@/domain/ddt/pdf';

export { ddtPdfView };

/** Renders and downloads the PDF. */
export function printDdt(d: Ddt, shop: Shop | undefined, withPrices: boolean): void {
  const view = ddtPdfView(d, shop, withPrices);
  renderDdtPdf(view).save(ddtPdfFileName(view.number, view.date));
}
