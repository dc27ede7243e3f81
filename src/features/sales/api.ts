/**
 * The sales list's reads (document 2 §7): the shop's sales, newest first, 500 per load, the next 500 from a
 * query cursor. The list downloads the sales it shows (search and filters run on the loaded pages, as the
 * spec draws the screen); employee names are read once per employee and cached for the session.
 */
import { getDoc, getDocs, limit, orderBy, query, startAfter, where, type QueryDocumentSnapshot } from 'firebase/firestore';
import { employeeDoc, employeeFullName } from '@/data/employee';
import { salesCol, type Sale } from '@/data/sale';
import { SALES_QUERY_LIMIT } from '@/domain/sales/sales-list';

export type SalesCursor = QueryDocumentSnapshot<Sale>;

export async function loadSalesPage(shopId: string, after?: SalesCursor): Promise<{ sales: Sale[]; cursor: SalesCursor | undefined; hasMore: boolean }> {
  const constraints = [where('userId', '==', shopId), orderBy('date', 'desc'), ...(after ? [startAfter(after)] : []), limit(SALES_QUERY_LIMIT)];
  const snapshot = await getDocs(query(salesCol(), ...constraints));
  return { sales: snapshot.docs.map((d) => d.data()), cursor: snapshot.docs.at(-1) ?? after, hasMore: snapshot.size === SALES_QUERY_LIMIT };
}

export const UNKNOWN_EMPLOYEE = 'Unknown';
const employeeNames = new Map<string, Promise<string>>();

/** The employee's name, read once per employee; 'Unknown' when missing or unreadable (document 2 §3, §8). */
export function employeeName(employeeId: string | undefined): Promise<string> {
  if (!employeeId) return Promise.resolve(UNKNOWN_EMPLOYEE);
  let name = employeeNames.get(employeeId);
  if (!name) {
    name = getDoc(employeeDoc(employeeId)).then(
      (snapshot) => {
        const employee = snapshot.data();
        return employee ? employeeFullName(employee) || UNKNOWN_EMPLOYEE : UNKNOWN_EMPLOYEE;
      },
      () => UNKNOWN_EMPLOYEE,
    );
    employeeNames.set(employeeId, name);
  }
  return name;
}
