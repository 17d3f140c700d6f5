export const PRODUCT_NAME = 'Castbase';

/** The Castbase mark, drawn with theme variables so it follows the light and dark colour schemes. */
export function CastbaseMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <rect x="12.5" y="6" width="7" height="12" rx="3.5" fill="var(--mantine-color-white)" />
      <path
        d="M9.5 15a6.5 6.5 0 0 0 13 0M16 21.5V26M12 26h8"
        fill="none"
        stroke="var(--mantine-color-white)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
