import { useId } from 'react';

/**
 * Pictures of the error pages, drawn in SVG (shipped with the console, no network images):
 * "404" with an unplugged cable, "401" with a locked cabinet. Decorative.
 */
export function ErrorIllustration({ kind, className }: { kind: '404' | '401'; className?: string }) {
  const id = useId().replace(/[^\w-]/g, '');
  const g = (name: string) => `err-${name}-${id}`;
  return (
    <svg className={className} viewBox="0 0 420 300" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={g('a')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#69b1ff" />
          <stop offset="1" stopColor="#1677ff" />
        </linearGradient>
        <radialGradient id={g('floor')} cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#1677ff" stopOpacity="0.18" />
          <stop offset="1" stopColor="#1677ff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="210" cy="262" rx="190" ry="26" fill={`url(#${g('floor')})`} />
      {/* grid dots in the back */}
      <g fill="#1677ff" fillOpacity="0.12">
        {Array.from({ length: 40 }, (_, i) => (
          <circle key={i} cx={40 + (i % 10) * 38} cy={30 + Math.floor(i / 10) * 24} r="2" />
        ))}
      </g>
      {kind === '404' ? <NotFoundArt fill={`url(#${g('a')})`} /> : <LockedArt fill={`url(#${g('a')})`} />}
    </svg>
  );
}

function NotFoundArt({ fill }: { fill: string }) {
  return (
    <g>
      <text x="210" y="150" textAnchor="middle" fontSize="120" fontWeight="700" fill={fill} letterSpacing="6">
        404
      </text>
      {/* a plug and a socket, apart: the page is "disconnected" */}
      <g transform="translate(0 10)">
        <path d="M30 224 C80 224 90 200 140 200" fill="none" stroke="#4096ff" strokeWidth="4" strokeLinecap="round" />
        <rect x="140" y="186" width="34" height="28" rx="5" fill="#1677ff" />
        <rect x="174" y="192" width="14" height="4" rx="2" fill="#8c8c8c" />
        <rect x="174" y="204" width="14" height="4" rx="2" fill="#8c8c8c" />
        <rect x="232" y="182" width="38" height="36" rx="6" fill="#fff" stroke="#1677ff" strokeWidth="2" />
        <rect x="226" y="190" width="8" height="6" rx="1" fill="#1677ff" fillOpacity="0.4" />
        <rect x="226" y="204" width="8" height="6" rx="1" fill="#1677ff" fillOpacity="0.4" />
        <path d="M270 200 C320 200 330 224 390 224" fill="none" stroke="#4096ff" strokeWidth="4" strokeLinecap="round" />
        <g stroke="#faad14" strokeWidth="3" strokeLinecap="round">
          <line x1="204" y1="176" x2="198" y2="166" />
          <line x1="210" y1="200" x2="216" y2="200" />
          <line x1="204" y1="224" x2="198" y2="234" />
        </g>
      </g>
    </g>
  );
}

function LockedArt({ fill }: { fill: string }) {
  return (
    <g>
      {/* a switchgear cabinet with a shield and padlock in front */}
      <rect x="120" y="40" width="120" height="210" rx="8" fill="#f0f5ff" stroke="#adc6ff" strokeWidth="2" />
      <rect x="136" y="58" width="88" height="46" rx="4" fill="#1d39c4" fillOpacity="0.85" />
      <polyline points="144,92 158,78 172,86 186,70 200,80 216,72" fill="none" stroke="#5cdbd3" strokeWidth="2" />
      <circle cx="148" cy="124" r="5" fill="#52c41a" />
      <circle cx="166" cy="124" r="5" fill="#faad14" />
      <circle cx="184" cy="124" r="5" fill="#ff4d4f" />
      <rect x="136" y="144" width="88" height="90" rx="4" fill="none" stroke="#adc6ff" strokeWidth="2" />
      <rect x="212" y="182" width="5" height="16" rx="2" fill="#adc6ff" />
      <g transform="translate(210 96)">
        <path d="M70 0 L130 22 L130 74 C130 118 102 142 70 156 C38 142 10 118 10 74 L10 22 Z" fill={fill} />
        <path d="M70 12 L120 30 L120 74 C120 110 98 131 70 144 C42 131 20 110 20 74 L20 30 Z" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="2" />
        <rect x="46" y="70" width="48" height="40" rx="6" fill="#fff" />
        <path d="M54 70 L54 58 C54 38 86 38 86 58 L86 70" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
        <circle cx="70" cy="86" r="6" fill="#1677ff" />
        <rect x="67" y="88" width="6" height="12" rx="3" fill="#1677ff" />
      </g>
    </g>
  );
}
