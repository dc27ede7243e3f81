import { Link } from 'react-router-dom';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** Tabs as links (`?tab=id`): bookmarkable, reloadable, keyboard-reachable, as on /settings. */
export function TabNav<T extends string>({ tabs, active, label }: { tabs: readonly TabItem<T>[]; active: T; label: string }) {
  return (
    <nav className="tech-tabs" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={{ search: `?tab=${tab.id}` }}
              replace
              className={tab.id === active ? 'tech-tabs__link tech-tabs__link--active' : 'tech-tabs__link'}
              aria-current={tab.id === active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
