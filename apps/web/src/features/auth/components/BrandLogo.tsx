import { useId } from 'react';

/** Product mark: a lightning bolt in a hexagon (shipped as SVG, no network image). */
export function BrandLogo({ className, size = 36 }: { className?: string; size?: number }) {
  // Unique per instance: a gradient id shared with a hidden copy (display: none) would not paint.
  const gradient = `brand-hex-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3ad0ff" />
          <stop offset="1" stopColor="#1677ff" />
        </linearGradient>
      </defs>
      <path d="M24 2 L43 13 L43 35 L24 46 L5 35 L5 13 Z" fill={`url(#${gradient})`} />
      <path d="M24 6.5 L39 15.2 L39 32.8 L24 41.5 L9 32.8 L9 15.2 Z" fill="none" stroke="#fff" strokeOpacity="0.35" />
      <path d="M27 10 L15 27 L22.5 27 L20 38 L33 20 L25.5 20 Z" fill="#fff" />
    </svg>
  );
}
