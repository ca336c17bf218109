/**
 * The revised 2nd edition's numbers and switches in which it differs from
 * the 1975 rules (rules-editions.md Part 3, rows marked P), as one
 * parameter object beside the 1975 one (../classic/parameters.ts). The
 * movement code reads its Movement Allowances, ZOC entry minimum and
 * bridge/ford costs from here; the other entries document the switches the
 * structure of the blue-grey files implements.
 */
export const BLUE_GREY_SYSTEM = 'blue-grey' as const;

export const BLUE_GREY_2E = Object.freeze({
  /** 2.4, A5: unprinted Movement Allowances; cavalry never below 8 (A6). */
  movementAllowance: Object.freeze({
    infantry: 6,
    artillery: 6,
    cavalry: 8,
    horseArtillery: 8,
    cavalryMinimum: 8,
  }),
  /** 11.11: Movement Allowance −1 at Night. */
  nightMovementPenalty: 1,
  /** 7.2: entering an Enemy controlled hex costs at least 2 MP (1975: no surcharge, O6.2). */
  zocEntryMinimumMp: 2,
  /** 6.29: +1 MP through a bridge or a ford hexside (1975: bridge +0, ford +1, O5.25). */
  bridgeHexsideMp: 1,
  fordHexsideMp: 1,
  /** 9.0, 9.46: bombardment 1-3 hexes when the artillery is in no Enemy ZOC (1975: 2-3, O8.11). */
  bombardRange: Object.freeze({ min: 1, max: 3 }),
  /** 8.22: stacked units may make separate attacks (1975: together, O7.22). */
  stackAttacksTogether: false,
  /** 9.14: artillery of one hex may bombard different hexes (1975: the same, O8.14). */
  stackBombardsTogether: false,
  /** 8.76: one unit advances per vacated hex (1975: one per combat, O7.76). */
  advancesPerCombat: 'one per vacated hex' as const,
  /** 9.47: artillery never advances (1975: it may, O7.75). */
  artilleryMayAdvance: false,
  /** 11.2: combat at Night (1975: no Combat Phase, O10.1). */
  nightCombat: true,
  /** 6.16: a unit may always move one hex (1975: no minimum move). */
  minimumOneHexMove: true,
  morale: true,
  strategicMovement: true,
  fieldworks: true,
  cavalryRetreatBeforeCombat: true,
});
