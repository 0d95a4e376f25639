export function ChevronDownIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d={
          "M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 " +
          "1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        }
        clipRule="evenodd"
      />
    </svg>
  );
}
