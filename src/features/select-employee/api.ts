/** Firestore reads of the employee choice: the active shop's employees (Employe where userId == shop). */
import { query, where, type Query } from 'firebase/firestore';
import { employeesCol, type Employee } from '@/data/employee';

export function shopEmployeesQuery(shopId: string): Query<Employee> {
  return query(employeesCol(), where('userId', '==', shopId));
}
