/**
 * Every event type the engine emits and every kind of pending decision it
 * asks, with the fields each carries: the engine's own definition of its
 * output, from which src/engine/event-schema.ts generates openapi.yaml's
 * typed GameEvent and Decision schemas. test/unit/event-contract.spec.ts
 * plays seeded games of every shipped scenario of every rules system and
 * fails when an event or decision (as any reader sees it) is not described
 * here — a new event type or field must be added to this table.
 *
 * A field is written `types` or `types?` (may be absent), `types` one or more
 * of the FieldType names joined with `|`, or `$Name`: openapi.yaml's schema
 * Name (written by hand). Other nested objects (a combat's strengths, a roll
 * per corps) are typed as objects only.
 */

export type FieldType =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'null'
  | 'side'
  | 'object'
  | 'string[]'
  | 'integer[]'
  | 'side[]'
  | 'object[]'
  | `$${string}`;

/** field name → `type|type` with `?` at the end when the field may be absent. */
export type Fields = Readonly<Record<string, string>>;

/** The hex games (blue-grey 2e and classic 1975): the events of applyOrder, by type. */
export const HEX_EVENTS: Readonly<Record<string, Fields>> = {
  'advance-declined': { hex: 'string?', side: 'side', rule: 'string' },
  'advance-stopped': { unit: 'string', rule: 'string' },
  advanced: { unit: 'string', from: 'string', to: 'string', rule: 'string' },
  'allocation-rolled': {
    side: 'side',
    rolls: 'object',
    allocated: 'object',
    rule: 'string',
    decided: 'string',
  },
  'activation-rolled': {
    side: 'side',
    roll: 'integer',
    moves: 'boolean',
    units: 'string[]',
    rule: 'string',
    decided: 'string',
  },
  'alternative-chosen': { group: 'string', option: 'string', unit: 'string', rule: 'string' },
  'ammunition-depleted': { side: 'side', units: 'object[]', rule: 'string' },
  'ammunition-exhausted': { side: 'side', turn: 'integer', rule: 'string' },
  'ammunition-resupplied': {
    side: 'side',
    units: 'string[]|string',
    turn: 'integer',
    reason: 'string',
    rule: 'string',
  },
  'ammunition-retreat': { side: 'side', units: 'string[]', rule: 'string' },
  'army-demoralized': {
    side: 'side',
    losses: 'integer',
    limit: 'integer',
    turn: 'integer',
    rule: 'string',
  },
  'army-recovered': {
    side: 'side',
    losses: 'integer',
    limit: 'integer',
    turn: 'integer',
    rule: 'string',
  },
  'army-routed': { sides: 'side[]', turn: 'integer', rule: 'string' },
  'attack-declared': {
    combat: 'integer',
    attackers: 'string[]',
    bombard: 'string[]',
    defenderHexes: 'string[]',
    defenders: 'string[]',
    reduceOddsTo: 'string|null?',
    rule: 'string',
  },
  'attack-effectiveness-lost': { units: 'string[]', rule: 'string' },
  'attack-effectiveness-recovered': { units: 'string[]', rule: 'string' },
  'attack-forfeited': { unit: 'string', rule: 'string' },
  'attacks-required': { units: 'string[]', rule: 'string' },
  'automatic-attacker-retreat': {
    units: 'string[]',
    adjacentTo: 'string[]',
    side: 'side',
    enemy: 'side',
    rule: 'string',
  },
  'automatic-victory': { winner: 'side', level: 'string', hex: 'string', rule: 'string' },
  // When it holds, the check also names the winner, his level and the points counted (hooks/automatic-victory.ts).
  'automatic-victory-checked': {
    turn: 'integer',
    holds: 'boolean',
    rule: 'string',
    winner: 'side?',
    level: 'string?',
    points: 'object?',
  },
  'breastworks-abandoned': { unit: 'string', hex: 'string', rule: 'string' },
  'breastworks-completed': { hex: 'string', facing: 'string[]', unit: 'string', rule: 'string' },
  'breastworks-facing': { unit: 'string?', hex: 'string', facing: 'string[]', rule: 'string' },
  'breastworks-started': { unit: 'string', hex: 'string', rule: 'string' },
  'combat-ended': { combat: 'integer', reason: 'string', rule: 'string' },
  'combat-finished': { combat: 'integer', result: 'string|null' },
  'combat-phase-closing': { rule: 'string' },
  'combat-phase-omitted': { rule: 'string', reason: 'string' },
  'combat-resolved': {
    combat: 'integer',
    attackers: 'string[]?',
    bombard: 'string[]?',
    defenderHexes: 'string[]?',
    strengths: 'object?',
    terrain: 'object|object[]',
    night: 'object|null?',
    odds: 'string',
    shift: 'integer?',
    reducedTo: 'string|null?',
    column: 'string',
    roll: 'integer?',
    modifiers: 'object[]?',
    read: 'integer?',
    result: 'string',
    rule: 'string',
    attack: 'integer?',
    defence: 'integer?',
    die: 'integer?',
  },
  'command-control-rolled': {
    side: 'side',
    rolls: 'object',
    moves: 'string[]',
    reserveTo: 'string|null',
    decided: 'object',
    rule: 'string',
  },
  'control-tallied': { turn: 'integer', controlled: 'object', rule: 'string' },
  'decision-answered': { side: 'side', kind: 'string', answer: 'object' },
  'decision-pending': { side: 'side', kind: 'string', rule: 'string' },
  'declined-retreat': { unit: 'string', rule: 'string' },
  // One die and what it decided; which fields depends on its `purpose`.
  'die-rolled': {
    purpose: 'string',
    rule: 'string',
    roll: 'integer',
    combat: 'integer?',
    modified: 'integer?',
    modifier: 'integer?',
    column: 'string?',
    result: 'string?',
    unit: 'string?',
    units: 'integer|string[]?',
    from: 'string?',
    outcome: 'string?',
    succeeds: 'boolean?',
    retreating: 'string[]?',
    effect: 'string?',
    side: 'side?',
    turn: 'integer?',
    shakenOrRouted: 'integer?',
    eliminated: 'integer?',
    total: 'integer?',
    routsAtLeast: 'integer?',
    routed: 'boolean?',
    killed: 'boolean?',
    hexes: 'string[]?',
    released: 'boolean?',
    outOfAmmunition: 'boolean?',
    group: 'string|null?',
    releases: 'boolean?',
    entryPoint: 'string|null?',
    decided: 'string?',
    row: 'integer?',
    arrived: 'boolean?',
  },
  displaced: { unit: 'string', by: 'string', hex: 'string', rule: 'string' },
  'disorder-roll': {
    unit: 'string',
    roll: 'integer',
    disordered: 'boolean',
    rule: 'string',
    modifier: 'integer?',
    modified: 'integer?',
    modifierRule: 'string?',
  },
  'disorder-save': {
    unit: 'string',
    by: 'string',
    roll: 'integer',
    cancelled: 'boolean',
    rule: 'string',
  },
  disordered: { unit: 'string', rule: 'string', reason: 'string' },
  'early-reinforcements-activated': {
    unit: 'string',
    hex: 'string',
    turn: 'integer',
    rule: 'string',
  },
  'elected-retreat': { unit: 'string', rule: 'string' },
  entered: { unit: 'string', hex: 'string', rule: 'string' },
  'exchange-losses': {
    units: 'string[]',
    strength: 'integer',
    required: 'integer',
    rule: 'string',
  },
  'exited-map': {
    unit: 'string',
    from: 'string',
    path: 'string[]',
    hex: 'string',
    rule: 'string',
    returnsOnTurn: 'integer?',
  },
  'exits-tallied': { turn: 'integer', side: 'side', exited: 'object', rule: 'string' },
  'fieldwork-placed': {
    hex: 'string',
    kind: 'string',
    facing: 'string[]',
    direction: 'string',
    side: 'side',
    rule: 'string',
  },
  'fieldwork-removed': { hex: 'string', kind: 'string', rule: 'string', by: 'string?' },
  'forced-march': { unit: 'string', allowance: 'integer', rule: 'string' },
  'game-ended': { reason: 'string', winner: 'side|null', level: 'string|null' },
  'immobility-released': {
    units: 'string[]|string',
    side: 'side',
    rule: 'string',
    reason: 'string',
    group: 'string?',
  },
  'leader-placed': { unit: 'string', from: 'string', to: 'string', rule: 'string' },
  'leader-removed': { unit: 'string', rule: 'string', reason: 'string' },
  'morale-changed': { unit: 'string', from: 'string', to: 'string', rule: 'string' },
  moved: {
    unit: 'string',
    from: 'string|null',
    path: 'string[]',
    to: 'string',
    mp: 'string',
    // Engine revision 5 on (MP_AS_NUMBERS); not for gunboats.
    points: '$MovementPoints?',
    rule: 'string',
  },
  'movement-quota-lifted': {
    side: 'side',
    fromTurn: 'integer',
    unit: 'string',
    hexside: 'string[]',
    rule: 'string',
    reason: 'string',
  },
  'no-retreat': { unit: 'string', rule: 'string', hexes: 'integer' },
  'objective-contested': { hex: 'string', side: 'null', by: 'string', rule: 'string' },
  'objective-first-controlled': {
    hex: 'string',
    side: 'side',
    points: 'integer',
    rule: 'string',
  },
  'objective-first-occupied': {
    hex: 'string',
    side: 'side',
    turn: 'integer',
    rule: 'string',
    event: 'string',
  },
  'objective-occupied': { hex: 'string', side: 'side', rule: 'string', by: 'string?' },
  'obligation-lapsed': {
    units: 'string[]',
    hexes: 'string[]?',
    rule: 'string',
    reason: 'string',
    enemies: 'string[]?',
  },
  'occupation-tallied': { turn: 'integer', occupied: 'object', rule: 'string' },
  'phase-ended': { phase: 'string', side: 'side', turn: 'integer' },
  'phase-started': { phase: 'string', side: 'side', turn: 'integer' },
  placed: { unit: 'string', hex: 'string', rule: 'string' },
  'player-turn-skipped': { side: 'side', turn: 'integer' },
  'rally-automatic': {
    unit: 'string',
    by: 'string',
    rule: 'string',
    from: 'string',
    outcome: 'string',
  },
  'rally-cancelled': { unit: 'string', rule: 'string', reason: 'string' },
  'rally-marker-placed': { unit: 'string', hex: 'string', rule: 'string' },
  'reallocation-written': { side: 'side', rule: 'string' },
  'reinforcements-arrived': {
    group: 'string',
    units: 'string[]',
    turn: 'integer',
    rule: 'string',
  },
  'reinforcements-blocked': { units: 'string[]', rule: 'string' },
  'reinforcements-delayed': {
    units: 'string[]',
    turn: 'integer',
    untilTurn: 'integer',
    rule: 'string',
  },
  'reinforcements-eliminated': { units: 'string[]', rule: 'string', reason: 'string' },
  resigned: { side: 'side' },
  'restriction-result-noted': {
    group: 'string',
    result: 'string',
    rule: 'string',
    releasesFromTurn: 'integer',
  },
  'retreat-eliminates': { unit: 'string', reason: 'string', rule: 'string', why: 'string' },
  'retreat-ignored': { unit: 'string', reason: 'string', rule: 'string', why: 'string' },
  retreated: { unit: 'string', from: 'string', to: 'string', reason: 'string', rule: 'string' },
  'strategic-moved': {
    unit: 'string',
    from: 'string',
    path: 'string[]',
    to: 'string',
    mp: 'string',
    points: '$MovementPoints?',
    rule: 'string',
  },
  'train-bombarded': { unit: 'string', turn: 'integer', rule: 'string' },
  'train-moved': { unit: 'string', event: 'string', rule: 'string' },
  'turn-started': { turn: 'integer', night: 'boolean' },
  'unit-advanced': { unit: 'string', from: 'string', to: 'string', rule: 'string' },
  'unit-eliminated': {
    unit: 'string',
    side: 'side',
    hex: 'string',
    strength: 'integer',
    rule: 'string',
  },
  'unit-retreated': {
    unit: 'string',
    from: 'string',
    path: 'string[]',
    reason: 'string',
    displace: 'string|null?',
    forced: 'boolean?',
    rule: 'string',
  },
  'victory-points-awarded': { side: 'side', hex: 'string', points: 'integer', rule: 'string' },
  'zone-lift-triggered': { rule: 'string', happened: 'object' },
};

/**
 * Events whose type is the name a scenario gives in its exclusive rule's
 * parameters (`params.event`), so any name: each shape under the hook that
 * emits it.
 */
export const HEX_NAMED_EVENTS: Readonly<Record<string, Fields>> = {
  // reinforcement-arrival: the activating event (Road to Richmond 17.5's early reinforcements…).
  'reinforcement-arrival': { unit: 'string', hex: 'string', turn: 'integer', rule: 'string' },
  // named-unit-counterattack: the counterattack made (Road to Vicksburg 19.53)…
  'named-unit-counterattack': { units: 'string[]', turn: 'integer', rule: 'string' },
  // …and each advance after it, with the die modifier it earns (19.62).
  'named-unit-counterattack-advance': {
    advance: 'boolean',
    unit: 'string',
    hexes: 'integer',
    longestAdvance: 'integer',
    dieModifier: 'integer',
    rule: 'string',
  },
};

/** The block battles (Bobby Lee / Sam Grant, src/engine/rules/block): the events of applyOrder, by type. */
export const BLOCK_EVENTS: Readonly<Record<string, Fields>> = {
  'battle-day': { day: 'integer' },
  'battle-hq': {
    unit: 'string',
    side: 'side',
    hq: 'string',
    name: 'string',
    cv: 'integer',
    rule: 'string',
  },
  'battle-move': {
    unit: 'string',
    side: 'side',
    from: 'string',
    to: 'string',
    kind: 'string',
    why: 'string?',
  },
  'battle-over': {
    victor: 'side',
    reason: 'string',
    confederateUnits: 'integer',
    rule: 'string',
  },
  'battle-turn': { day: 'integer', slot: 'string', side: 'side' },
  'cannot-disengage': { unit: 'string', side: 'side', cell: 'string', why: 'string' },
  deployed: { side: 'side', night: 'boolean' },
  eliminated: { unit: 'string', side: 'side', cell: 'string|null?', why: 'string' },
  fire: {
    unit: 'string',
    side: 'side',
    unitType: 'string',
    cv: 'integer',
    mode: 'string',
    firepower: 'integer?',
    target: 'string',
    cell: 'string?',
    counterBattery: 'boolean?',
    dice: 'integer[]?',
    hits: 'integer?',
    friendlyHits: 'integer?',
    rule: 'string',
  },
  'game-ended': { reason: 'string', winner: 'side|null', level: 'string|null' },
  'half-hit': { side: 'side', key: 'string', why: 'string' },
  'half-hits-forfeit': { keys: 'string[]', rule: 'string' },
  melee: { cell: 'string', side: 'side', units: 'string[]', rule: 'string' },
  'melee-choice': { side: 'side', choice: 'string' },
  'melee-over': { cell: 'string', won: 'boolean' },
  'melee-round': {
    cell: 'string',
    round: 'integer',
    active: 'object[]',
    defending: 'object[]',
    rule: 'string',
  },
  'morale-check': {
    unit: 'string',
    side: 'side',
    die: 'integer',
    poor: 'boolean',
    rule: 'string',
  },
  night: { day: 'integer', rule: 'string' },
  'night-choice': { side: 'side', choice: 'string', rule: 'string' },
  'outflank-declared': { unit: 'string', side: 'side', target: 'string' },
  'outflank-returned': { unit: 'string', side: 'side' },
  'outflank-roll': {
    unit: 'string',
    side: 'side',
    target: 'string',
    die: 'integer',
    modifier: 'integer',
    success: 'boolean',
    rule: 'string',
  },
  placed: { unit: 'string', side: 'side', cell: 'string' },
  'pursuit-fire': {
    unit: 'string',
    side: 'side',
    unitType: 'string',
    cv: 'integer',
    firepower: 'integer',
    cell: 'string',
    dice: 'integer[]',
    hits: 'integer',
    rule: 'string',
  },
  recovered: { unit: 'string', side: 'side', rule: 'string' },
  'regroup-over': { side: 'side' },
  regrouped: { side: 'side', unit: 'string', mode: 'string', rule: 'string' },
  'reinforce-roll': {
    side: 'side',
    hexside: 'string',
    dice: 'integer[]',
    admits: 'integer',
    rule: 'string',
  },
  reinforced: { unit: 'string', side: 'side', hexside: 'string', rule: 'string' },
  resigned: { side: 'side' },
  // A night retreat (6.31, battle-night.ts) names no cell; a naval one (10.5) its rule.
  'retreat-declared': {
    unit: 'string',
    side: 'side',
    cell: 'string?',
    hexside: 'string',
    rule: 'string?',
  },
  retreated: {
    unit: 'string',
    side: 'side',
    from: 'string|null',
    hexside: 'string',
    why: 'string',
  },
  revealed: {
    unit: 'string',
    side: 'side',
    unitType: 'string',
    cv: 'integer',
    name: 'string',
    cell: 'string',
    rule: 'string',
    hq: 'string?',
  },
  rout: { side: 'side', why: 'string', rule: 'string' },
  'step-lost': {
    unit: 'string',
    side: 'side',
    cell: 'string|null',
    cv: 'integer?',
    why: 'string',
  },
  // Shown only to its owner (visibleTo): the strength a hidden block kept.
  'step-lost-detail': { visibleTo: 'side', unit: 'string', cv: 'integer' },
};

/**
 * The Bobby Lee campaign (block-campaign-system.ts, rules/block/campaign):
 * the events of applyOrder, by type. The events of the battle being fought
 * are the block battles' (BLOCK_EVENTS) with the battle's hex as `battle`
 * (event-schema.ts CampaignBattleEvent). `visibleTo` marks one only its
 * owner sees (a hidden block's new CV, the replacements spent).
 */
export const CAMPAIGN_EVENTS: Readonly<Record<string, Fields>> = {
  // 3.0, 3.11, 4.24: the set-up and the month
  deployed: { scenario: 'string', month: 'string', blocks: 'integer', rule: 'string' },
  month: { month: 'string', weather: 'string', rule: 'string' },
  'replacements-skipped': { rule: 'string' },
  // 4.25 free deployment: a placement is its own side's until both have ended
  'free-deployment': { scenario: 'string', month: 'string', rule: 'string' },
  placed: { block: 'string', from: 'string', hex: 'string', visibleTo: 'side', rule: 'string' },
  'deployment-sealed': { side: 'side', rule: 'string' },
  // 3.12 initiative
  'bid-sealed': { side: 'side', rule: 'string' },
  initiative: { bids: 'object', winner: 'side|null', binding: 'integer?', rule: 'string' },
  // 3.2, 3.4, 4.41 Campaign Turns
  'campaign-turn': { side: 'side', turn: 'integer', rule: 'string' },
  'weather-roll': { side: 'side', roll: 'integer', weather: 'string', rule: 'string' },
  pass: { side: 'side', rule: 'string' },
  'operations-over': { rule: 'string' },
  // 5.11, 5.4 HQs
  'hq-activated': {
    block: 'string',
    hex: 'string',
    code: 'string',
    cv: 'integer',
    range: 'integer|null',
    strategicMoves: 'integer',
    rule: 'string',
  },
  'hq-reduced': { block: 'string', cv: 'integer', rule: 'string' },
  'hq-eliminated': { block: 'string', rule: 'string' },
  // 5.3, 5.32x movement and forced marches; 9.2-9.5 rail; 10.3, 10.4 naval; 10.6 River Crossing
  moved: {
    block: 'string',
    from: 'string',
    path: 'string[]',
    forceMarch: 'boolean',
    attack: 'boolean',
    strategic: 'boolean?',
    rule: 'string',
  },
  'rail-moved': { block: 'string', from: 'string', to: 'string', cost: 'integer', rule: 'string' },
  'naval-moved': { block: 'string', from: 'string', to: 'string', cost: 'integer', rule: 'string' },
  'naval-invasion': {
    block: 'string',
    from: 'string',
    to: 'string',
    cost: 'integer',
    rule: 'string',
  },
  'river-crossed': {
    block: 'string',
    from: 'string',
    to: 'string',
    cost: 'integer',
    rule: 'string',
  },
  'force-march': {
    block: 'string',
    hex: 'string',
    roll: 'integer',
    success: 'boolean',
    rule: 'string',
  },
  // Shown only to its owner: the modified total would tell the block's type.
  'force-march-total': { visibleTo: 'side', block: 'string', modified: 'integer', rule: 'string' },
  'fell-back': { block: 'string', hex: 'string', rule: 'string' },
  eliminated: { block: 'string', why: 'string', rule: 'string' },
  // Shown only to its owner: the new CV of a hidden block.
  'step-lost': { visibleTo: 'side', block: 'string', cv: 'integer', rule: 'string' },
  // 6.1, 3.23 battles on the map
  battle: { hex: 'string', attacker: 'side', attackedFrom: 'string[]', rule: 'string' },
  'battle-begins': { hex: 'string', attacker: 'side', rule: 'string' },
  'battle-ended': { hex: 'string', victor: 'side|null', rule: 'string' },
  // 3.24, 11.x supply; 11.8 siege
  'supply-check': {
    side: 'side',
    sources: 'string[]',
    unsupplied: 'string[]',
    overCapacity: 'object[]',
    rule: 'string',
  },
  'hq-supply': {
    block: 'string',
    hex: 'string',
    code: 'string',
    cv: 'integer',
    range: 'integer',
    cancelled: 'string[]',
    eliminated: 'boolean',
    rule: 'string',
  },
  'supply-loss': {
    block: 'string',
    side: 'side',
    hex: 'string|null',
    eliminated: 'boolean',
    removed: 'boolean?',
    rule: 'string',
  },
  'supply-loss-detail': { visibleTo: 'side', block: 'string', cv: 'integer', rule: 'string' },
  besieged: { side: 'side', hexes: 'string[]', rule: 'string' },
  'siege-loss': {
    block: 'string',
    side: 'side',
    hex: 'string|null',
    eliminated: 'boolean',
    removed: 'boolean?',
    rule: 'string',
  },
  'siege-loss-detail': { visibleTo: 'side', block: 'string', cv: 'integer', rule: 'string' },
  // 11.82 surrender
  'surrender-offered': { side: 'side', hexes: 'string[]', rule: 'string' },
  'surrender-demanded': { side: 'side', hexes: 'string[]', rule: 'string' },
  'surrender-answered': { side: 'side', hexes: 'string[]', accept: 'boolean', rule: 'string' },
  surrendered: { side: 'side', hexes: 'string[]', blocks: 'string[]', rule: 'string' },
  // 11.82: a besieged unit eliminated in battle is removed for good
  removed: { block: 'string', side: 'side', hex: 'string|null', rule: 'string' },
  // 3.1, 12.x the Replacement Turn; 4.53, 4.55 draft and Emancipation
  'politics-sealed': { side: 'side', rule: 'string' },
  'political-choices': { choices: 'object', rule: 'string' },
  draft: { side: 'side', roll: 'integer', cadres: 'integer', nth: 'integer', rule: 'string' },
  'draft-cadres-lost': { side: 'side', cadres: 'integer', visibleTo: 'side', rule: 'string' },
  emancipation: { month: 'string', rule: 'string' },
  'replacement-points': { rps: 'object', captured: 'object', rule: 'string' },
  'replacements-sealed': { side: 'side', rule: 'string' },
  'replacement-ordered': {
    side: 'side',
    order: 'object',
    rpsLeft: 'integer',
    visibleTo: 'side',
    rule: 'string',
  },
  'rps-lost': { side: 'side', rps: 'integer', visibleTo: 'side', rule: 'string' },
  'steps-replaced': {
    side: 'side',
    block: 'string',
    steps: 'integer',
    cv: 'integer',
    visibleTo: 'side',
    rule: 'string',
  },
  'cadre-built': {
    side: 'side',
    block: 'string',
    unit: 'string',
    hex: 'string',
    visibleTo: 'side',
    rule: 'string',
  },
  'cadres-placed': { side: 'side', hex: 'string', blocks: 'string[]', rule: 'string' },
  'replacements-over': { rule: 'string' },
  // 3.3, 4.1, 4.5x, 4.26 the month end and victory
  'month-end': { month: 'string', rule: 'string' },
  'month-vp': {
    side: 'side',
    vp: 'integer',
    source: 'string',
    location: 'string?',
    month: 'string?',
    rule: 'string',
  },
  'victory-track': {
    from: 'integer',
    to: 'integer',
    box: 'string',
    side: 'side|null',
    level: 'string',
    rule: 'string',
  },
  'victory-check': {
    month: 'string',
    winner: 'side|null',
    level: 'string|null',
    over: 'boolean',
    rule: 'string',
  },
  'scenario-over': { month: 'string', result: 'object', rule: 'string' },
};

/**
 * The events of the game's flow entries (src/engine/flow.ts), in any rules
 * system: each ending entry is followed by `game-ended` (the system's own).
 */
export const FLOW_EVENTS: Readonly<Record<string, Fields>> = {
  'draw-agreed': { offeredBy: 'side', acceptedBy: 'side' },
  aborted: { side: 'side' },
  'time-out': { flagged: 'side', winner: 'side' },
  adjudicated: {
    reason: 'string',
    points: 'object',
    winner: 'side|null',
    level: 'string|null',
    case: 'string|null',
  },
  'taken-back': { to: 'integer', undone: 'integer[]', requestedBy: 'side', acceptedBy: 'side' },
};

/**
 * The hex games' pending decisions (state.pending, mustAct.decision), by kind:
 * the fields besides `side` and `kind`. Where the two editions ask the same
 * kind with other fields, the fields of one are optional in the other.
 */
export const HEX_DECISIONS: Readonly<Record<string, Fields>> = {
  'accept-retreat': { pool: 'string[]', rule: 'string', combat: 'integer|null' },
  advance: {
    hex: 'string?',
    candidates: 'string[]?',
    rule: 'string?',
    combat: 'integer|null?',
  },
  'advance-on': {
    unit: 'string',
    hexes: 'string[]',
    left: 'integer',
    rule: 'string',
    combat: 'integer|null',
  },
  'ae-star-victim': { pool: 'string[]', rule: 'string', combat: 'integer|null' },
  'breastworks-removal': { hex: 'string', rule: 'string', combat: 'integer|null' },
  'cavalry-rbc-election': { cavalry: 'string[]', rule: 'string', combat: 'integer|null' },
  'ex-star-victim': { pool: 'string[]', rule: 'string', combat: 'integer|null' },
  'exchange-losses': {
    pool: 'string[]?',
    required: 'integer',
    rule: 'string?',
    combat: 'integer|null?',
  },
  'optional-retreat': { unit: 'string' },
  'phase-end-routed': {
    unit: 'string',
    hexes: 'integer',
    reason: 'string',
    options: 'object[]',
    rule: 'string',
    combat: 'integer|null',
  },
  retreat: {
    unit: 'string',
    hexes: 'integer?',
    reason: 'string',
    options: 'object[]?',
    rule: 'string?',
    combat: 'integer|null?',
  },
  'routed-rbc-election': { routed: 'string[]', rule: 'string', combat: 'integer|null' },
  'setup-breastworks-facing': { rule: 'string', hexes: 'string[]' },
  'terrain-choice': { options: 'object[]', rule: 'string', combat: 'integer|null' },
};

/**
 * The block battles' pending interrupts, by kind: the fields besides `side`
 * and `kind`, which the other seat and the public do not see (hence optional).
 */
export const BLOCK_DECISIONS: Readonly<Record<string, Fields>> = {
  'allocate-hit': { candidates: 'string[]?' },
  'lost-choice': { units: 'string[]?' },
  'melee-choice': {},
};
