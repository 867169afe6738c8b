/** The product mark when no customer logo was uploaded: a bolt over a substation-blue tile. */
export function DefaultLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pdz-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#36a3ff" />
          <stop offset="1" stopColor="#1456d9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="url(#pdz-logo-bg)" />
      <path d="M18.2 4.8 9.4 17.6h6.1l-1.9 9.6 9-13.1h-6.2z" fill="#fff" />
      <path d="M18.2 4.8 9.4 17.6h6.1l-1.9 9.6 9-13.1h-6.2z" fill="#ffd666" opacity=".35" />
    </svg>
  );
}
