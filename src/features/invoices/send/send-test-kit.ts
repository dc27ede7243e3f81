/** Shared inputs of the send module's tests. Test-only; never import it from application code. */
import { normalizeCustomer } from '@/data/customer';
import { normalizeShop } from '@/data/shop-doc';

const SHOP_STORED = { name: 'Bottega', ragioneSociale: 'Bottega Rossi Srl', vatNumber: '00743110157', address: 'Via Roma 1', city: 'Milano', province: 'MI', zipCode: '20100', country: 'IT', settings: { pIva: '00743110157', invoiceNumber: '12' } };
const CUSTOMER_STORED = { ragioneSociale: 'Alfa Spa', pIva: '12345678903', receiverCode: 'ABC1234', registeredOfficeAddress: 'Corso Italia 10', registeredOfficeCap: '00184', registeredOfficeCity: 'Roma', registeredOfficeProvince: 'RM', nation: 'IT' };
/** The stored documents as their converters read them (what the send pipeline is given). */
export const TEST_SHOP = normalizeShop('AbCdEfGh', SHOP_STORED);
export const TEST_CUSTOMER = normalizeCustomer('c1', CUSTOMER_STORED);
export const saleRaw = (over: Record<string, unknown> = {}) => ({
  userId: 'AbCdEfGh', method: 'Fattura', invoiceUUID: '', customerId: 'c1', date: new Date(2026, 2, 10, 15), deleted: false,
  lines: [{ name: 'Trapano', qty: 2, unitPrice: 122, vatRate: 22 }, { name: 'Punte', qty: 1, unitPrice: 11, vatRate: 10, lineDiscount: 10 }],
  ...over,
});
