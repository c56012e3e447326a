/**
 * A bar filled to `percent` (0-100) with the progressbar role and its name: the questionnaire's
 * progress and every upload's. `className` is the bar's look (each page keeps its own), and
 * `fillClassName` the fill's when it has one.
 */
export function ProgressBar({
  percent,
  label,
  className,
  fillClassName,
}: {
  percent: number;
  label: string;
  className: string;
  fillClassName?: string;
}) {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className={fillClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
