/**
 * Spec §9: the charts' y-axis goes in steps of 10. For larger values the step grows in multiples
 * of 10 (10, 20, 50, 100, 200, 500, …) so the axis keeps at most six steps; it always starts at 0
 * and ends on a step at or above the largest value (at least one step, so an empty chart has an axis).
 */
export function yAxisTicks(max: number, maxSteps = 6): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const factors = [1, 2, 5];
  let step = 10;
  for (let k = 1; top / step > maxSteps; k++) step = factors[k % 3]! * 10 ** Math.floor(k / 3) * 10;
  const end = Math.max(step, Math.ceil(top / step) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= end; v += step) ticks.push(v);
  return ticks;
}
