import s from './LoginIllustration.module.css';

/**
 * The sign-in page picture: a transformer and switchgear feeding a monitoring screen, drawn in
 * SVG so the console ships without network images. Decorative, hidden from screen readers.
 */
export function LoginIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 560 400" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="li-base" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#1e90ff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#1e90ff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="li-screen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1a4f8f" stopOpacity="0.9" />
          <stop offset="1" stopColor="#0d2c55" stopOpacity="0.9" />
        </linearGradient>
        <linearGradient id="li-metal" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#2f6db5" />
          <stop offset="0.5" stopColor="#4b8fd9" />
          <stop offset="1" stopColor="#275e9e" />
        </linearGradient>
        <linearGradient id="li-cabinet" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3d7fcf" />
          <stop offset="1" stopColor="#1f4f8c" />
        </linearGradient>
        <linearGradient id="li-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3ad0ff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#3ad0ff" stopOpacity="0" />
        </linearGradient>
      </defs>

      {/* ground glow and floor rings */}
      <ellipse cx="280" cy="350" rx="250" ry="38" fill="url(#li-base)" />
      <ellipse cx="280" cy="350" rx="200" ry="26" fill="none" stroke="#3ad0ff" strokeOpacity="0.35" />
      <ellipse cx="280" cy="350" rx="140" ry="16" fill="none" stroke="#3ad0ff" strokeOpacity="0.25" strokeDasharray="4 6" />

      {/* transmission tower, far back */}
      <g stroke="#5fa8ff" strokeOpacity="0.45" strokeWidth="1.5" fill="none">
        <path d="M6 300 L26 120 L46 300 M13 235 L39 235 M18 185 L34 185 M9 268 L43 268 M26 120 L26 106" />
        <path d="M2 150 L50 150 M7 168 L45 168" />
        <path d="M13 235 L34 185 L39 235 M18 185 L26 150 L34 185" strokeOpacity="0.3" />
        <path d="M50 150 Q110 190 150 170" strokeOpacity="0.3" />
      </g>

      {/* monitoring screen */}
      <g className={s.floatSlow}>
        <rect x="150" y="36" width="262" height="172" rx="8" fill="url(#li-screen)" stroke="#3ad0ff" strokeOpacity="0.8" />
        <rect x="150" y="36" width="262" height="24" rx="8" fill="#3ad0ff" fillOpacity="0.16" />
        <circle cx="164" cy="48" r="3" fill="#ff6b6b" />
        <circle cx="175" cy="48" r="3" fill="#faad14" />
        <circle cx="186" cy="48" r="3" fill="#52c41a" />
        <rect x="300" y="44" width="100" height="8" rx="4" fill="#3ad0ff" fillOpacity="0.25" />
        {/* load curve */}
        <path d="M166 150 L190 128 L212 136 L236 104 L258 116 L282 88 L300 100 L300 168 L166 168 Z" fill="url(#li-area)" />
        <polyline points="166,150 190,128 212,136 236,104 258,116 282,88 300,100" fill="none" stroke="#3ad0ff" strokeWidth="2" />
        <g stroke="#ffffff" strokeOpacity="0.08">
          <line x1="166" y1="84" x2="300" y2="84" />
          <line x1="166" y1="112" x2="300" y2="112" />
          <line x1="166" y1="140" x2="300" y2="140" />
          <line x1="166" y1="168" x2="300" y2="168" />
        </g>
        {/* load-rate gauge */}
        <circle cx="356" cy="112" r="30" fill="none" stroke="#ffffff" strokeOpacity="0.1" strokeWidth="8" />
        <circle cx="356" cy="112" r="30" fill="none" stroke="#36cfc9" strokeWidth="8" strokeDasharray="148 200" strokeLinecap="round" transform="rotate(-90 356 112)" />
        <text x="356" y="117" textAnchor="middle" fontSize="14" fontWeight="600" fill="#e6f4ff">78%</text>
        {/* bars */}
        <g fill="#1890ff">
          <rect x="322" y="170" width="10" height="18" rx="2" />
          <rect x="338" y="160" width="10" height="28" rx="2" fillOpacity="0.85" />
          <rect x="354" y="166" width="10" height="22" rx="2" />
          <rect x="370" y="154" width="10" height="34" rx="2" fill="#36cfc9" />
          <rect x="386" y="162" width="10" height="26" rx="2" />
        </g>
        <rect x="166" y="176" width="120" height="6" rx="3" fill="#ffffff" fillOpacity="0.12" />
        <rect x="166" y="176" width="84" height="6" rx="3" fill="#3ad0ff" fillOpacity="0.7" />
        <path d="M270 208 L292 208 L298 232 L264 232 Z" fill="#1c4a82" />
        <rect x="240" y="232" width="82" height="6" rx="3" fill="#2a62a6" />
      </g>

      {/* energy flow lines */}
      <g fill="none" strokeWidth="2" strokeLinecap="round">
        <path d="M150 262 C200 262 210 300 280 300 C350 300 360 262 392 262" stroke="#3ad0ff" strokeOpacity="0.25" />
        <path className={s.flow} d="M150 262 C200 262 210 300 280 300 C350 300 360 262 392 262" stroke="#3ad0ff" />
        <path d="M280 300 L280 238" stroke="#36cfc9" strokeOpacity="0.25" />
        <path className={s.flow} d="M280 300 L280 238" stroke="#36cfc9" />
      </g>
      <circle cx="280" cy="300" r="6" fill="#0b2547" stroke="#3ad0ff" strokeWidth="2" />
      <circle className={s.pulse} cx="280" cy="300" r="11" fill="none" stroke="#3ad0ff" strokeOpacity="0.6" />

      {/* transformer */}
      <g>
        <rect x="60" y="228" width="92" height="104" rx="4" fill="url(#li-metal)" />
        <g fill="#1d4c86">
          {[68, 80, 92, 104, 116, 128, 140].map((x) => (
            <rect key={x} x={x} y="244" width="6" height="76" rx="2" />
          ))}
        </g>
        <rect x="56" y="222" width="100" height="10" rx="3" fill="#5a9be6" />
        {[78, 106, 134].map((x) => (
          <g key={x}>
            <rect x={x - 3} y="188" width="6" height="34" fill="#cfe3ff" />
            {[192, 200, 208, 216].map((y) => (
              <ellipse key={y} cx={x} cy={y} rx="8" ry="3" fill="#e8f2ff" stroke="#9ec5f5" strokeWidth="0.8" />
            ))}
            <circle cx={x} cy="186" r="3" fill="#faad14" />
          </g>
        ))}
        <rect x="84" y="292" width="44" height="20" rx="3" fill="#0d2c55" stroke="#3ad0ff" strokeOpacity="0.6" />
        <text x="106" y="306" textAnchor="middle" fontSize="10" fill="#3ad0ff">10kV</text>
      </g>

      {/* switchgear cabinets */}
      <g>
        {[392, 440, 488].map((x, i) => (
          <g key={x}>
            <rect x={x} y="206" width="44" height="126" rx="3" fill="url(#li-cabinet)" stroke="#6aaaf2" strokeOpacity="0.6" />
            <rect x={x + 6} y="214" width="32" height="22" rx="2" fill="#0d2c55" />
            <polyline points={`${x + 9},230 ${x + 15},222 ${x + 21},227 ${x + 27},219 ${x + 35},224`} fill="none" stroke="#36cfc9" strokeWidth="1.4" />
            <circle className={i === 1 ? s.pulse : undefined} cx={x + 12} cy="248" r="3" fill={i === 1 ? '#faad14' : '#52c41a'} />
            <circle cx={x + 22} cy="248" r="3" fill="#52c41a" fillOpacity="0.5" />
            <circle cx={x + 32} cy="248" r="3" fill="#ff4d4f" fillOpacity={i === 2 ? 1 : 0.35} />
            <rect x={x + 8} y="262" width="28" height="44" rx="2" fill="none" stroke="#9ec5f5" strokeOpacity="0.5" />
            <rect x={x + 30} y="280" width="3" height="10" rx="1" fill="#cfe3ff" />
            <g stroke="#9ec5f5" strokeOpacity="0.35">
              <line x1={x + 10} y1="316" x2={x + 34} y2="316" />
              <line x1={x + 10} y1="321" x2={x + 34} y2="321" />
            </g>
          </g>
        ))}
      </g>

      {/* floating readouts */}
      <g className={s.float}>
        <rect x="18" y="30" width="112" height="50" rx="6" fill="#0d2c55" fillOpacity="0.85" stroke="#3ad0ff" strokeOpacity="0.5" />
        <text x="30" y="50" fontSize="11" fill="#9ec5f5">有功功率</text>
        <text x="30" y="70" fontSize="16" fontWeight="600" fill="#ffffff">
          1,286.4<tspan fontSize="10" fill="#9ec5f5"> kW</tspan>
        </text>
      </g>
      <g className={s.floatSlow}>
        <rect x="430" y="110" width="112" height="50" rx="6" fill="#0d2c55" fillOpacity="0.85" stroke="#36cfc9" strokeOpacity="0.5" />
        <text x="442" y="130" fontSize="11" fill="#9ec5f5">绕组温度</text>
        <text x="442" y="150" fontSize="16" fontWeight="600" fill="#ffffff">
          42.3<tspan fontSize="10" fill="#9ec5f5"> ℃</tspan>
        </text>
      </g>
    </svg>
  );
}
