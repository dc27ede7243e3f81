import { useEffect } from 'react';

export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Back Office Negozi`;
  }, [title]);
  return null;
}
