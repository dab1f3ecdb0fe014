type SpinnerProps = { label?: string; large?: boolean };

/** A turning ring; with a label it is announced to screen readers. */
export function Spinner({ label = 'Loading', large }: SpinnerProps) {
  return (
    <span
      className={large ? 'spinner spinner--large' : 'spinner'}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}
