/**
 * Exclusive-rule hooks (battles.md §17): a scenario declares them by name in
 * specialRules; the engine consults them at fixed points (movement-hook.ts).
 * Hooks the movement rules do not know are left to the other rules sections
 * (combat, victory) that own them.
 */
import type { RuleHook, ScenarioDocument } from '../../types';
import type { HookFactory, HookSupport, MovementHook } from './movement-hook';
import { surpriseAssault } from './surprise-assault';
import { ferryCrossing } from './ferry-crossing';
import { COMBAT_HOOKS } from './combat-hooks';
import { nightTurnVariant, nightTurnVariantSupport } from './night-turn-variant';
import {
  ferryRetreatElimination,
  ferryRetreatEliminationSupport,
} from './ferry-retreat-elimination';
import { victoryRecords } from './victory-records';
import { trainUnit, trainUnitSupport } from './train-unit';
import { isTrainDefenceForm, trainDefence, trainDefenceSupport } from './train-defence';
import { isStackingAloneForm, stackingAlone, stackingAloneSupport } from './stacking-alone';
import { namedUnitAbility, namedUnitAbilitySupport } from './named-unit-ability';
import { movementQuota, movementQuotaSupport } from './movement-quota';
import { isRolledQuotaForm, rolledQuota, rolledQuotaSupport } from './movement-quota-roll';
import {
  isReinforcementTableForm,
  reinforcementTable,
  reinforcementTableSupport,
} from './reinforcement-table';
import {
  isOccupationEventsForm,
  occupationEvents,
  occupationEventsSupport,
} from './occupation-events';
import { movementAllowanceHook, movementAllowanceSupport } from './movement-allowance';
import { immobileUntil, immobileUntilSupport } from './immobile-until';
import {
  isRestrictionForm,
  restrictedUntilReleased,
  restrictionSupport,
} from './release-restrictions';
import { isSymbolicTrainForm, symbolicTrain, symbolicTrainSupport } from './train-unit-symbolic';
import { isSideArtilleryForm, sideArtillery, sideArtillerySupport } from './special-artillery-side';
import {
  controlledTargetsLine,
  controlledTargetsSupport,
  isControlledTargetsForm,
} from './line-of-communication-controlled';
import {
  contestedControl,
  contestedControlSupport,
  isContestedControlForm,
} from './objective-control-contested';
import { creekTerrain, creekTerrainSupport, isCreekTerrainForm } from './terrain-override-creeks';
import { brigadeLimit, brigadeLimitSupport, isBrigadeLimitForm } from './stacking-brigades';
import {
  counterattack,
  counterattackSupport,
  isCounterattackForm,
  isReleaseTurnMovementForm,
  releaseTurnMovement,
  releaseTurnMovementSupport,
} from './named-unit-counterattack';
import {
  isOutOfAmmoCountersForm,
  outOfAmmoCounters,
  outOfAmmoCountersSupport,
} from './ammunition-depletion-counters';
import { specialArtillery, specialArtillerySupport } from './special-artillery';
import { lineOfCommunication, lineOfCommunicationSupport } from './line-of-communication';
import { roadLine, roadLineSupport } from './line-of-communication-roads';
import { bankLine, bankLineSupport, isBankLineForm } from './line-of-communication-bank';
import { skipPlayerTurn, skipPlayerTurnSupport } from './skip-player-turn';
import {
  conditionalReinforcements,
  conditionalReinforcementsSupport,
} from './conditional-reinforcements';
import { mapExit, mapExitSupport } from './map-exit';
import { terrainOverride, terrainOverrideSupport } from './terrain-override';
import { stackingOverride, stackingOverrideSupport } from './stacking-override';
import { flankMarch, flankMarchSupport } from './flank-march';
import { edgeZoneProhibition, edgeZoneProhibitionSupport } from './edge-zone-prohibition';
import { crossingReleaseRoll, crossingReleaseRollSupport } from './crossing-release-roll';
import { armyDemoralization, armyDemoralizationSupport } from './army-demoralization';
import { armyRoutCheck, armyRoutCheckSupport, isRoutCheckForm } from './army-rout-check';
import { fogTurns, fogTurnsSupport } from './fog-turns';
import { automaticVictoryHook, automaticVictorySupport } from './automatic-victory';
import { alternativeCounters, alternativeCountersSupport } from './alternative-counters';
import { movementProhibition, movementProhibitionSupport } from './movement-prohibition';
import { objectiveControl, objectiveControlSupport } from './objective-control';
import { activationRoll, activationRollSupport } from './activation-roll';
import { commandControl, commandControlSupport } from './command-control';
import { forcedMarch, forcedMarchSupport } from './forced-march';
import { reinforcementEntry, reinforcementEntrySupport } from './reinforcement-entry';
import { leaders, leadersSupport } from './leaders';
import { ammunitionDepletion, ammunitionDepletionSupport } from './ammunition-depletion';
import { setupBreastworks, setupBreastworksSupport } from './setup-breastworks';
import { MORALE_HOOKS, moraleDieModifierSupport } from './morale-die-modifier';

export * from './movement-hook';

const registry: Record<string, HookFactory> = {
  'surprise-assault': surpriseAssault,
  'ferry-crossing': ferryCrossing,
  'night-turn-variant': nightTurnVariant,
  'ferry-retreat-elimination': ferryRetreatElimination,
  // train-unit has forms by battle: Chickamauga's one Train (unit), the Wilderness's Train Defence units (units).
  'train-unit': (rule) => (isTrainDefenceForm(rule) ? trainDefence(rule) : trainUnit(rule)),
  'named-unit-ability': namedUnitAbility,
  'movement-quota': movementQuota,
  'movement-allowance': movementAllowanceHook,
  'immobile-until': immobileUntil,
  'special-artillery': specialArtillery,
  // A declaration with `toBankOf` is a line across a river (Grand Chancellorsville 23.61); one with
  // another `purpose` a line along roads (Chickamauga 21.31, 21.32).
  'line-of-communication': (rule) =>
    isBankLineForm(rule)
      ? bankLine(rule)
      : rule.params?.purpose !== undefined
        ? roadLine(rule)
        : lineOfCommunication(rule),
  'skip-player-turn': skipPlayerTurn,
  'conditional-reinforcements': conditionalReinforcements,
  'map-exit': mapExit,
  'terrain-override': terrainOverride,
  'stacking-override': stackingOverride,
  'flank-march': flankMarch,
  'edge-zone-prohibition': edgeZoneProhibition,
  'crossing-release-roll': crossingReleaseRoll,
  // army-demoralization has forms by battle: Hooker and Lee's loss levels, First Bull Run's rout check (18.0).
  'army-demoralization': (rule) =>
    isRoutCheckForm(rule) ? armyRoutCheck(rule) : armyDemoralization(rule),
  'fog-turns': fogTurns,
  'automatic-victory': automaticVictoryHook,
  'alternative-counters': alternativeCounters,
  'movement-prohibition': movementProhibition,
  'objective-control': objectiveControl,
  'activation-roll': activationRoll,
  'command-control': commandControl,
  'forced-march': forcedMarch,
  'reinforcement-entry': reinforcementEntry,
  leaders,
  'setup-breastworks': setupBreastworks,
  'ammunition-depletion': ammunitionDepletion,
};

/** Which declarations of a hook the engine can play (parameters it implements). */
const support: Record<string, HookSupport> = {
  'night-turn-variant': nightTurnVariantSupport,
  'ferry-retreat-elimination': ferryRetreatEliminationSupport,
  'train-unit': (rule) =>
    isTrainDefenceForm(rule) ? trainDefenceSupport(rule) : trainUnitSupport(rule),
  'named-unit-ability': namedUnitAbilitySupport,
  'movement-quota': movementQuotaSupport,
  'movement-allowance': movementAllowanceSupport,
  'immobile-until': immobileUntilSupport,
  'special-artillery': specialArtillerySupport,
  'line-of-communication': (rule) =>
    isBankLineForm(rule)
      ? bankLineSupport(rule)
      : rule.params?.purpose !== undefined
        ? roadLineSupport(rule)
        : lineOfCommunicationSupport(rule),
  'skip-player-turn': skipPlayerTurnSupport,
  'conditional-reinforcements': conditionalReinforcementsSupport,
  'map-exit': mapExitSupport,
  'terrain-override': terrainOverrideSupport,
  'stacking-override': stackingOverrideSupport,
  'flank-march': flankMarchSupport,
  'edge-zone-prohibition': edgeZoneProhibitionSupport,
  'crossing-release-roll': crossingReleaseRollSupport,
  'army-demoralization': (rule) =>
    isRoutCheckForm(rule) ? armyRoutCheckSupport(rule) : armyDemoralizationSupport(rule),
  'fog-turns': fogTurnsSupport,
  'automatic-victory': automaticVictorySupport,
  'alternative-counters': alternativeCountersSupport,
  'movement-prohibition': movementProhibitionSupport,
  'objective-control': objectiveControlSupport,
  'activation-roll': activationRollSupport,
  'command-control': commandControlSupport,
  'forced-march': forcedMarchSupport,
  'reinforcement-entry': reinforcementEntrySupport,
  leaders: leadersSupport,
  'setup-breastworks': setupBreastworksSupport,
  'ammunition-depletion': ammunitionDepletionSupport,
  'morale-die-modifier': moraleDieModifierSupport,
};

/** Another form of a registered hook: declarations `isForm` accepts go to `factory`, the rest to the hook as registered. */
function addForm(
  hook: string,
  isForm: (rule: RuleHook) => boolean,
  factory: HookFactory,
  formSupport: HookSupport,
): void {
  const base = registry[hook];
  const baseSupport = support[hook] as HookSupport | undefined;
  registry[hook] = (rule) => (isForm(rule) ? factory(rule) : base(rule));
  support[hook] = (rule) => (isForm(rule) ? formSupport(rule) : (baseSupport?.(rule) ?? null));
}
/** A form told by its parameters alone. */
const byParams =
  (isForm: (p: Record<string, unknown>) => boolean) =>
  (rule: RuleHook): boolean =>
    isForm(rule.params ?? {});
// stacking-override has forms by battle: the named units that stand alone (Chickamauga 19.21/19.22,
// Road to Richmond 21.13/21.14); any other form goes to the hook registered above.
addForm('stacking-override', isStackingAloneForm, stackingAlone, stackingAloneSupport);
// Savage's Station: the side's quota rolled by die (18.1/18.2), the reinforcement table (17.1/17.2),
// first occupations and end-of-game sets as events for victory (19.11 ii, 19.12 ii).
addForm('movement-quota', byParams(isRolledQuotaForm), rolledQuota, rolledQuotaSupport);
addForm(
  'conditional-reinforcements',
  byParams(isReinforcementTableForm),
  reinforcementTable,
  reinforcementTableSupport,
);
addForm(
  'objective-control',
  byParams(isOccupationEventsForm),
  occupationEvents,
  occupationEventsSupport,
);

// Road to Vicksburg: forms of registered hooks; a declaration a form accepts goes to it, the rest as before.
for (const [hook, isForm, factory, formSupport] of [
  ['immobile-until', isRestrictionForm, restrictedUntilReleased, restrictionSupport], // 17.1-17.5
  ['train-unit', isSymbolicTrainForm, symbolicTrain, symbolicTrainSupport], // 18.1-18.4
  ['special-artillery', isSideArtilleryForm, sideArtillery, sideArtillerySupport], // 19.2
  [
    'line-of-communication',
    isControlledTargetsForm,
    controlledTargetsLine,
    controlledTargetsSupport,
  ], // 20.0-20.3
  ['objective-control', isContestedControlForm, contestedControl, contestedControlSupport], // 21.2
  ['terrain-override', isCreekTerrainForm, creekTerrain, creekTerrainSupport], // 19.11-19.15
  ['stacking-override', isBrigadeLimitForm, brigadeLimit, brigadeLimitSupport], // 19.4
  [
    'named-unit-ability',
    isReleaseTurnMovementForm,
    releaseTurnMovement,
    releaseTurnMovementSupport,
  ], // 19.51
  ['named-unit-ability', isCounterattackForm, counterattack, counterattackSupport], // 19.52, 19.53
  ['ammunition-depletion', isOutOfAmmoCountersForm, outOfAmmoCounters, outOfAmmoCountersSupport], // 19.61-19.63
] as Array<[string, (rule: RuleHook) => boolean, HookFactory, HookSupport]>)
  addForm(hook, isForm, factory, formSupport);

/** Names of the movement-side hooks this engine implements. */
export const MOVEMENT_HOOKS = Object.keys(registry);

/** The hooks a scenario declares, in declaration order. */
export function resolveMovementHooks(scenario: ScenarioDocument): MovementHook[] {
  const out: MovementHook[] = [];
  for (const rule of scenario.specialRules) {
    const f = registry[rule.hook];
    if (f && unsupportedReason(rule) === null) out.push(f(rule));
  }
  // What the victory spec's point rules need recorded or traced (ever-held objectives, Zones of Control at the end).
  const records = victoryRecords(scenario);
  if (records) out.push(records);
  return out;
}

/**
 * Every exclusive-rule hook this engine implements, whichever rules section
 * consults it. A hook added under src/engine/rules/hooks/ must be listed here
 * (through its section's list) or games of scenarios that declare it are
 * refused.
 */
export const IMPLEMENTED_HOOKS: ReadonlySet<string> = new Set([
  ...MOVEMENT_HOOKS,
  ...COMBAT_HOOKS,
  ...MORALE_HOOKS,
]);

/** Why the engine cannot play this declaration: an unknown hook, or a parameter the hook does not implement; null if it can. */
export function unsupportedReason(rule: RuleHook): string | null {
  if (!IMPLEMENTED_HOOKS.has(rule.hook)) return `special rule "${rule.hook}"`;
  const why = support[rule.hook]?.(rule) ?? null;
  return why === null ? null : `special rule "${rule.hook}" with ${why}`;
}

/**
 * The special rules a scenario declares that the engine does not implement
 * yet (the hook, or the form of it the scenario declares). Playing such a
 * scenario without them would silently change the battle, so a game of it is
 * refused as "not yet supported" until they exist.
 */
export function unsupportedHooks(scenario: ScenarioDocument): RuleHook[] {
  return scenario.specialRules.filter((rule) => unsupportedReason(rule) !== null);
}
