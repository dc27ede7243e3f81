import { useEffect, useState } from 'react';
import { DEVICE_IMAGE_TIMEOUT_MS, deviceImagePath, type ModelClass } from '@/domain/tech/devices';

const ICON: Record<ModelClass, string> = { Pro: '▣', Air: '▢', Mini: '▫', iPad: '□' };

/**
 * A tablet's picture by model class (document 3 §2.2), with the class icon in its place until it loads; an image that
 * fails, or has not loaded within 5 s (§9), is dropped for good and the icon stays. Decorative: the model is in
 * the card's text.
 */
export function DeviceImage({ cls }: { cls: ModelClass }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('failed'), DEVICE_IMAGE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <span className="device-picture" title={`iPad ${cls}`} data-state={state}>
      {state !== 'shown' ? (
        <span className="device-icon" aria-hidden="true" data-testid="device-icon">
          {ICON[cls]}
        </span>
      ) : null}
      {state !== 'failed' ? (
        <img
          className={state === 'shown' ? 'device-image' : 'device-image device-image--loading'}
          src={deviceImagePath(cls)}
          alt=""
          width={40}
          height={40}
          onLoad={() => setState((s) => (s === 'loading' ? 'shown' : s))}
          onError={() => setState('failed')}
        />
      ) : null}
    </span>
  );
}
