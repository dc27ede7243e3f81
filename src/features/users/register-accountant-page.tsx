import { Link } from 'react-router-dom';
import { RegisterAccountantForm } from './components/register-accountant-form';
import './users.css';

/** /register-accountant (document 3 §2.1, §2.7): the same form as the modal of /users, as a page of its own. */
export default function RegisterAccountantPage() {
  return (
    <section className="page users">
      <h1>Registra commercialista</h1>
      <div className="card users__register">
        <RegisterAccountantForm />
      </div>
      <p>
        <Link to="/users">Torna agli utenti</Link>
      </p>
    </section>
  );
}
