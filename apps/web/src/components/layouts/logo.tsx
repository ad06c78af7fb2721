/** The wordmark: a friendly toolbox and the product's name. */
export function Logo({ inverted }: { inverted?: boolean }) {
  return (
    <svg width="132" height="36" viewBox="0 0 132 36" role="img" aria-label="Outils" focusable="false">
      <rect x="1" y="9" width="30" height="22" rx="6" fill={inverted ? '#fff' : '#1f4fd8'} />
      <path d="M10 9V6.5A2.5 2.5 0 0 1 12.5 4h7A2.5 2.5 0 0 1 22 6.5V9" fill="none" stroke={inverted ? '#fff' : '#1f4fd8'} strokeWidth="3" />
      <rect x="1" y="17" width="30" height="3" fill="#ffb400" />
      <circle cx="11" cy="24.5" r="1.8" fill={inverted ? '#1f4fd8' : '#fff'} />
      <circle cx="21" cy="24.5" r="1.8" fill={inverted ? '#1f4fd8' : '#fff'} />
      <text x="40" y="26" fontFamily="var(--font-sans)" fontSize="22" fontWeight="800" letterSpacing="-0.5" fill={inverted ? '#fff' : '#1b1f2a'}>
        Outils
      </text>
    </svg>
  );
}
