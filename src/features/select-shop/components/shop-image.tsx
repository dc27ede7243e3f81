import { useState } from 'react';
import { shopInitials } from '../shop-list';

/** The shop's picture, or its initials on a coloured tile when there is none or it fails to load. */
export function ShopImage({ name, src }: { name: string; src: string | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  if (src && failedSrc !== src) {
    return <img className="shop-image" src={src} alt={`Foto di ${name || 'negozio'}`} loading="lazy" onError={() => setFailedSrc(src)} />;
  }
  return (
    <div className="shop-image shop-image--placeholder" aria-hidden="true">
      {shopInitials(name)}
    </div>
  );
}
