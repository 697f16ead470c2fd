import { useState } from 'react';
import { boot } from '../lib/boot';
import { brandName } from '../lib/brand';

/** A brand logo from the tenant's branding (URLs served by the server); the brand name as text if the image is missing. */
export function BrandLogo({
  src,
  height = 36,
  className,
  textColor,
}: {
  src: string | undefined;
  height?: number | string;
  className?: string;
  textColor?: string;
}) {
  const [broken, setBroken] = useState(!src);
  const name = brandName(boot().branding);
  if (broken) {
    return (
      <span className={className} style={{ fontWeight: 700, fontSize: 20, color: textColor ?? 'var(--brand-primary)' }}>
        {name}
      </span>
    );
  }
  return <img className={className} src={src} alt={name} style={{ height, width: 'auto' }} onError={() => setBroken(true)} />;
}
