interface StepperProps {
  value: number;
  /** The smallest quantity above zero (a ticket's minimum per order). */
  min: number;
  max: number;
  /** Whether 0 is allowed below `min` (a mandatory product: not). */
  allowZero?: boolean;
  label: string;
  lessLabel: string;
  moreLabel: string;
  disabled?: boolean;
  onChange(value: number): void;
}

/** − n +, within the limits: from 0 a step up goes straight to the minimum, a step down from it to 0. */
export function Stepper({ value, min, max, allowZero = true, label, lessLabel, moreLabel, disabled, onChange }: StepperProps) {
  const floor = allowZero ? 0 : min;
  const lower = value <= min ? floor : value - 1;
  const higher = value < min ? min : value + 1;
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" aria-label={lessLabel} disabled={disabled || value <= floor} onClick={() => onChange(lower)}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" aria-label={moreLabel} disabled={disabled || higher > max} onClick={() => onChange(higher)}>
        +
      </button>
    </div>
  );
}
