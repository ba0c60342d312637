/**
 * The hero carousel's 13 illustrations (spec §1/§9), drawn for Bookla and shipped with it
 * (tools/landing-art generates them into public/landing/). All share one size, so the
 * carousel keeps its height while images load.
 */
export const SLIDE_WIDTH = 1200;
export const SLIDE_HEIGHT = 750;

export const SLIDES = [
  { key: 'yoga', src: '/landing/01-yoga.svg' },
  { key: 'dance', src: '/landing/02-dance.svg' },
  { key: 'music', src: '/landing/03-music.svg' },
  { key: 'languages', src: '/landing/04-languages.svg' },
  { key: 'climbing', src: '/landing/05-climbing.svg' },
  { key: 'cooking', src: '/landing/06-cooking.svg' },
  { key: 'painting', src: '/landing/07-painting.svg' },
  { key: 'pottery', src: '/landing/08-pottery.svg' },
  { key: 'swimming', src: '/landing/09-swimming.svg' },
  { key: 'coding', src: '/landing/10-coding.svg' },
  { key: 'photography', src: '/landing/11-photography.svg' },
  { key: 'choir', src: '/landing/12-choir.svg' },
  { key: 'outdoor', src: '/landing/13-outdoor-event.svg' },
] as const;

/** Spec §9: a new image every 4000 ms … */
export const AUTOPLAY_MS = 4000;

/**
 * … moving in 800 ms. Embla's `duration` is not in milliseconds but the damping of its scroll
 * integrator (a step every 1000/60 ms, friction 0.68): 27 brings a slide within 1 % of its place
 * after ≈ 770 ms and settles it by ≈ 800–1100 ms. `emblaSettleMs` replays that integrator, and a
 * test keeps the two in step.
 */
export const EMBLA_DURATION = 27;
export const TRANSITION_MS = 800;

/** Milliseconds until Embla's scroll body is within `tolerance` of its target (see above). */
export function emblaSettleMs(duration: number, tolerance = 0.01): number {
  const FRICTION = 0.68;
  const STEP_MS = 1000 / 60;
  let velocity = 0;
  let location = 0;
  for (let step = 1; step < 10_000; step += 1) {
    velocity += (1 - location) / duration;
    velocity *= FRICTION;
    location += velocity;
    if (Math.abs(1 - location) < tolerance && Math.abs(velocity) < tolerance) return step * STEP_MS;
  }
  return Infinity;
}
