/**
 * Morale (12.1–12.4): Good → Disordered → Shaken → Routed, one step per
 * Disorder; Routed units are not affected by further Disorder (12.15). Towns
 * make units at least Disordered and never escalate them (12.17, A29).
 * Recovery at Night (11.3, 12.41a) and by Rally (12.41b, 12.42, 12.43).
 */

export type Morale = 'good' | 'disordered' | 'shaken' | 'routed';
export const MORALE_STATES: readonly Morale[] = ['good', 'disordered', 'shaken', 'routed'];

/** 12.14, 12.15: each Disorder moves one step toward Routed; Routed stays Routed. */
export function disorder(m: Morale, steps = 1): Morale {
  const i = MORALE_STATES.indexOf(m);
  return MORALE_STATES[Math.min(3, i + Math.max(0, steps))];
}

/** 12.17: entering or occupying a town/urban hex makes a Good unit Disordered; worse states are unchanged. */
export function townDisorder(m: Morale): Morale {
  return m === 'good' ? 'disordered' : m;
}

/** 12.12, 12.13: the Disorder die roll; 4–6 Disorders. */
export function disorderRollHits(die: number): boolean {
  return die >= 4;
}

export type RallyOutcome = Morale | 'eliminated';

/**
 * The 12.41b table. Disordered: 1–5 Good, 6 Shaken. Shaken: 1–3 Good, 4–5
 * Disordered, 6 Routed. Routed: 1 Good, 2–3 Disordered, 4–5 Shaken, 6
 * eliminated (12.43). In a town "Good" is read as Disordered (12.17, 12.41
 * exception).
 */
export function rallyOutcome(m: Morale, die: number, inTown: boolean): RallyOutcome {
  let out: RallyOutcome;
  switch (m) {
    case 'good':
      out = 'good';
      break;
    case 'disordered':
      out = die <= 5 ? 'good' : 'shaken';
      break;
    case 'shaken':
      out = die <= 3 ? 'good' : die <= 5 ? 'disordered' : 'routed';
      break;
    case 'routed':
      out = die === 1 ? 'good' : die <= 3 ? 'disordered' : die <= 5 ? 'shaken' : 'eliminated';
      break;
  }
  return inTown && out === 'good' ? 'disordered' : out;
}

/** 11.3, 12.41a: Night recovery of a unit not in an enemy ZOC; in a town it stays Disordered (12.17). */
export function nightRecovery(m: Morale, inTown: boolean): Morale {
  return inTown ? 'disordered' : 'good';
}

export function isMorale(x: unknown): x is Morale {
  return typeof x === 'string' && (MORALE_STATES as readonly string[]).includes(x);
}
