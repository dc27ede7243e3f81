/** Inline SVG icons: they render the same everywhere, unlike emoji that depend on the system fonts. */
const common = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const BellIcon = () => (
  <svg {...common}>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...common}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);

export const LockIcon = () => (
  <svg {...common} width={14} height={14}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

export const UserIcon = () => (
  <svg {...common} width={16} height={16}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
