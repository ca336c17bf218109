/**
 * The cases where a specific rule overrides a general one (issue 21), for both
 * editions: every case of the standard rules whose text says "except",
 * "regardless", "even if", "instead", "does not apply", "Exception:", or names
 * another case it modifies, with the general case it overrides, the words that
 * make the exception, and the tests that set up exactly the overriding
 * situation. scripts/rules-coverage.ts prints them as the "Overrides" section
 * of docs/rules-coverage.md and refuses (so the coverage test fails) an entry
 * with no test, or naming a test title that no spec file has, or one whose
 * title does not start with the overriding case.
 *
 * Found by grepping seed 000 lines 1–1083 and seed 001 up to "BLUE & GRAY II"
 * for those phrases; phrases that override nothing (a "regardless of the
 * overall strategic situation" that only names the Attacker) are in
 * NOT_OVERRIDES with the reason.
 */

export interface Override {
  /** Which standard rules: the revised 2nd edition (seed 000) or the 1975 rules (seed 001). */
  edition: 'blue-grey' | 'classic';
  /** The overriding (specific) case, as test titles write it: "8.74", "O7.74". */
  case: string;
  /** The general case(s) it overrides. */
  overrides: string;
  /** The words of the text that make the exception (quoted, shortened). */
  text: string;
  /** Exact titles of tests (it/test) that set up the overriding situation through the engine. */
  tests: string[];
}

export const OVERRIDES: readonly Override[] = [
  // ------------------------------------------------------------ revised 2nd edition
  {
    edition: 'blue-grey',
    case: '2.4',
    overrides: 'the printed Movement Allowance (2.4)',
    text: 'cavalry units always have a minimum Movement Allowance of eight, regardless of any lower Movement Allowance printed',
    tests: ['2.4: infantry and artillery have 6 MP, cavalry 8 (never less)'],
  },
  {
    edition: 'blue-grey',
    case: '6.11',
    overrides: '6.11 and 4.0 B: units move only in their own Movement Phase',
    text: 'during both Players’ Combat Phases, except when advancing or retreating before or as a result of combat, Friendly units may not be moved',
    tests: [
      '6.11, 4.0, 7.4: in the Combat Phase a move order is refused, but a retreat and an advance after combat move units out of Enemy controlled hexes',
    ],
  },
  {
    edition: 'blue-grey',
    case: '7.4',
    overrides: '6.13: a unit may never exit an Enemy controlled hex',
    text: '6.13 "An Enemy controlled hex may be exited only during a retreat or advance before or as a result of combat (Case 8.7)"; 7.4 the same',
    tests: [
      '6.11, 4.0, 7.4: in the Combat Phase a move order is refused, but a retreat and an advance after combat move units out of Enemy controlled hexes',
    ],
  },
  {
    edition: 'blue-grey',
    case: '11.12',
    overrides: '6.13, 7.4: a unit may never exit an Enemy controlled hex in a Movement Phase',
    text: '6.13 "Exception: Case 11.12"; 11.12 units beginning in an Enemy Zone of Control can leave it during a Night Game-Turn',
    tests: ['11.12: at Night a unit may leave an Enemy controlled hex but not re-enter one'],
  },
  {
    edition: 'blue-grey',
    case: '6.16',
    overrides: '6.15: Movement Points spent may not exceed the Movement Allowance',
    text: '6.15 "Exception: Case 6.16"; units may always move one hex',
    tests: ['6.16: a unit that cannot afford any hex may still move one hex'],
  },
  {
    edition: 'blue-grey',
    case: '6.22',
    overrides: '10.1 (Terrain Effects Chart): the cost of the terrain in the hex entered',
    text: 'two-thirds of a Movement Point, regardless of other Terrain in the hex',
    tests: [
      '6.22, 6.16: cavalry on a turnpike through forest-rough reaches its nine hexes and ten hexes beside it',
    ],
  },
  {
    edition: 'blue-grey',
    case: '6.23',
    overrides: '10.1 (Terrain Effects Chart): the cost of the terrain in the hex entered',
    text: 'one Movement Point, regardless of other Terrain in the hex',
    tests: ['6.23: along a road each hex costs 1 MP regardless of other terrain'],
  },
  {
    edition: 'blue-grey',
    case: '6.25',
    overrides: '6.22, 6.23, 6.24: route rates ("Exceptions: Cases 6.25 and 6.26")',
    text: 'hex side Terrain costs … are not negated by turnpikes, roads, railways or trails; … may not use turnpike, road, railway or trail Movement Point costs to move into the Zone of Control of an Enemy unit',
    tests: [
      '6.25: hexside costs are added on top and not negated by roads',
      '7.2, 6.25: no road or turnpike rates into an Enemy controlled hex',
      '6.25, 6.24, 6.22: turnpike and trail rates do not negate a hexside cost, nor apply into an Enemy controlled hex; 6.26 they do negate the slope',
    ],
  },
  {
    edition: 'blue-grey',
    case: '6.26',
    overrides: '6.25: hexside costs are not negated by routes ("Exception: Case 6.26")',
    text: 'units moving up a slope along a turnpike, road, railway or trail do not incur the additional one Movement Point cost',
    tests: ['6.26: climbing a slope costs +1 MP, going down nothing, along a road nothing'],
  },
  {
    edition: 'blue-grey',
    case: '9.62',
    overrides: '6.27: units may never enter river hexes',
    text: '6.27 "Units may never enter river (exception: Case 9.6: Gunboats)"',
    tests: ['9.62: Gunboats have an unlimited Movement Allowance along contiguous river hexes'],
  },
  {
    edition: 'blue-grey',
    case: '6.32',
    overrides: 'stacking by strength or type (none: the limit counts units)',
    text: 'a maximum of two units (regardless of Combat Strength or unit type)',
    tests: [
      '6.32, 6.31, 6.33: at most two units may end in a hex; any number may pass through at no extra cost',
    ],
  },
  {
    edition: 'blue-grey',
    case: '6.34',
    overrides: '7.0: Zones of Control inhibit movement',
    text: 'Friendly controlled hexes never inhibit the movement of Friendly units (Case 7.0)',
    tests: ['6.34: Friendly controlled hexes never inhibit Friendly units'],
  },
  {
    edition: 'blue-grey',
    case: '10.39',
    overrides: '7.1, 7.6: Zones of Control extend into all six adjacent hexes and are mutual',
    text: '7.1 and 7.6 "Exception: Case 10.39"; Zones of Control do not extend into Trench hexes across Trench hex sides',
    tests: [
      '10.39, 7.6: Zones of Control do not extend into a Trench hex across its Trench hexsides',
    ],
  },
  {
    edition: 'blue-grey',
    case: '7.6',
    overrides: '7.1: Zones of Control extend into all six adjacent hexes',
    text: 'with the following exceptions: … never extend through non-bridge and non-ford creek hex sides or into river, river ferry or pontoon hexes … do extend across stream hex sides',
    tests: [
      '7.6: Zones of Control do not extend through creek hexsides, but do across streams',
      '7.6: Zones of Control do not extend into ferry or pontoon hexes',
    ],
  },
  {
    edition: 'blue-grey',
    case: '11.21',
    overrides:
      '8.0, 8.11, 8.12: combat between units in each other’s Zones of Control is mandatory',
    text: '8.0, 8.11, 8.12 "Exception: Case 11.21"; at Night attacking is voluntary for units that remained in an Enemy Zone of Control',
    tests: ['11.21: at Night only units that moved into an enemy ZOC must attack'],
  },
  {
    edition: 'blue-grey',
    case: '9.11',
    overrides: '8.15: units may only attack when adjacent ("Exception: Case 9.0: Artillery")',
    text: 'artillery units may bombard … from two or three hexes distance',
    tests: ['9.11, 9.15, 9.0: artillery bombards at three hexes and is unaffected by the result'],
  },
  {
    edition: 'blue-grey',
    case: '8.32',
    overrides: '8.32: rounding to the nearest integer at each stage',
    text: 'Exception: the Combat Strength of any unit can never be modified at any stage to less than ‘1’',
    tests: ['8.32: 0.499 rounds down and 0.5 rounds up, never below 1'],
  },
  {
    edition: 'blue-grey',
    case: '11.23',
    overrides:
      '10.22, 12.24: a unit’s Combat Strength is never reduced below 1, each unit adjusted alone',
    text: '10.22 and 12.24 "Exception: Night (Case 11.23)"; the combined total is doubled or halved after all other adjustments',
    tests: [
      '11.23, 12.24, 10.22: the Night halving scales the attacking total, not each unit at its floor of 1',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.45',
    overrides: '8.45: halving and column shifts both apply',
    text: 'Exception: the odds column shift for attacking a forest/woods hex is instead of any other Terrain benefit',
    tests: [
      '8.45: attacking forest/woods and forest/woods-rough: the defender chooses the halving or the column shift',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.42',
    overrides: '8.6: the Combat Results Table runs from 1:5 to 6:1',
    text: 'with the proviso that the odds cannot be shifted below 1:5. Odds Column shifts above 6:1 may confer a favourable die roll modification on the Attacker (Case 8.61)',
    tests: [
      '8.42: odds cannot be shifted below 1:5',
      '8.42, 8.61: shifts to the right walk beyond 6:1 and earn die modifiers',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.43',
    overrides: '10.1 (Terrain Effects Chart): the effect of each terrain attacked over',
    text: 'only the Terrain type most favourable to the Defender is used … See the Terrain Effects Chart (Case 10.1)',
    tests: ['8.43: a unit attacking a clear hex and a rough hex is halved'],
  },
  {
    edition: 'blue-grey',
    case: '9.16',
    overrides: '8.47, 10.1: attackers are halved over water obstacles',
    text: 'The Combat Strength of bombarding artillery unit is not halved over water obstacles, including bridges, fords and streams (Cases 8.47 and 10.1)',
    tests: ['9.16: bombarding artillery is not halved by the stream hexsides of the target hex'],
  },
  {
    edition: 'blue-grey',
    case: '9.23',
    overrides: '8.47, 10.1: attackers are halved over water obstacles',
    text: 'The Combat Strength of an artillery unit making a combined attack is not halved over water obstacles (Cases 8.47 and 10.1)',
    tests: [
      '9.23: in a combined attack the infantry is halved across the stream, the bombarding artillery is not',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.45',
    overrides: '8.47, 10.1: attackers are halved over water obstacles',
    text: 'The Combat Strength of an artillery unit making an adjacent attack is not halved over water obstacles (Cases 8.47 and 10.1)',
    tests: [
      '9.45: adjacent artillery attacking across a stream is not halved; infantry beside it is',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.22',
    overrides: '9.13: artillery attacking from a non-adjacent hex attacks a single hex',
    text: '9.13 "except when making a combined attack with infantry or cavalry (Case 9.2)"; 9.22 artillery need only be within Range and Line of Sight of one of the defending hexes',
    tests: ['9.22: in a combined attack on two hexes, artillery need reach only one of them'],
  },
  {
    edition: 'blue-grey',
    case: '6.46',
    overrides: '6.42, 6.43: Strategic Movement adds two (cavalry four) Movement Points',
    text: '6.46 one less additional Movement Point during a Night Game-Turn; 11.11 "also reduced by one (Cases 6.42 and 6.43)"',
    tests: ['6.46: at Night the bonus is one less'],
  },
  {
    edition: 'blue-grey',
    case: '12.18',
    overrides:
      '12.17: units entering town hexes are automatically Disordered (8.83 "Displacement never results in Disorder (Case 12.18)")',
    text: 'A unit forced to Displace is not subject to Disorder',
    tests: ['8.83, 12.18: a displaced unit retreating into a town is not Disordered'],
  },
  {
    edition: 'blue-grey',
    case: '8.74',
    overrides: '8.14: no Enemy unit may be attacked more than once per Combat Phase',
    text: 'the previously retreated unit does not contribute its Combat Strength to the defence (Case 8.14), but it does suffer the result of the attack',
    tests: [
      '8.74: a hex a defender retreated into may still be bombarded; the retreated unit adds nothing to the defence but suffers the result',
      '8.74, 8.62: a hex holding only a unit retreated into it (the friend displaced) defends with 0 and is attacked at 12:1',
      '8.74, 8.14: a unit retreated into an empty hex has been attacked and may not be attacked there again',
      '8.74, 8.14: once the hex it retreated into has been attacked, the retreated unit shelters it no more',
      '8.74: a game created under an earlier engine revision keeps the old reading (8.14 alone), so its replay re-runs as played',
      '8.74, 8.81: a unit displaced into an empty hex was never attacked and defends there with its strength (D21-2)',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.75',
    overrides:
      '7.4 (Enemy controlled hexes are left only by combat) and 8.13, 8.14 (adjacent units may attack and be attacked)',
    text: 'this advance may be made regardless of Enemy Zones of Control … Advancing units may neither attack nor be attacked in that Combat Phase, even if their advance places them next to Enemy units',
    tests: [
      '8.75: an advance ignores Enemy Zones of Control; the advanced unit may neither attack nor be attacked that phase, though next to Enemy units',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.78',
    overrides: '8.77: cavalry attacked without cavalry may retreat before combat',
    text: 'Cavalry may not retreat before combat from a bombardment attack unless they are adjacent to other Enemy units',
    tests: [
      '8.78: cavalry may not retreat before a bombardment unless adjacent to another enemy unit',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.19',
    overrides:
      '12.17: units entering town hexes are Disordered (8.78 "Retreat before combat never results in Disorder (Case 12.19)")',
    text: 'A cavalry unit retreating before combat is not subject to Disorder',
    tests: [
      '8.78, 8.79, 12.19: after the cavalry retreats before combat the artillery has made its attack, and the cavalry is not Disordered by the towns it retreats through',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.81',
    overrides: '6.32 (and 6.31 as cited): the stacking limit',
    text: 'the only hex available … one into which the unit could not normally move because of stacking restrictions (Case 6.31), then one of the units in the hex … must be Displaced',
    tests: [
      '8.81: when stacking closes the only open hex, one unit there is displaced, retreated by its owner, and the retreating unit takes its place',
    ],
  },
  {
    edition: 'blue-grey',
    case: '8.82',
    overrides: '8.81: the unit in the only open hex is displaced',
    text: 'If the Displacement would cause any of the Displaced units to be eliminated, the Displacement does not occur and the retreating unit is instead eliminated',
    tests: [
      '8.82: if the displaced unit could not retreat, there is no displacement and the retreating unit is eliminated instead',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.17',
    overrides:
      '9.1, 9.15: bombarding artillery is not affected by combat results ("exception: Case 9.17")',
    text: 'Bombarding artillery units may voluntarily elect to comply with an Attacker Retreat',
    tests: [
      '9.17: on an Ar, bombarding artillery may choose to retreat with the attackers, or stay',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.15',
    overrides:
      'the Terrain Effects Chart: no attack across a creek hexside without a bridge or ford; 9.4 adjacent artillery suffers results',
    text: 'Artillery may bombard across a prohibited hex or hex side even if adjacent to the target hex without suffering any adverse effects',
    tests: [
      '9.15: artillery across a creek from its target bombards it though adjacent, and suffers nothing from the result',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.33',
    overrides: '9.33: blocking terrain (rough by itself does not block)',
    text: 'Rough Terrain by itself does not block line of sight unless both firing unit and target are at a lower Elevation (Case 9.35)',
    tests: [
      '9.33: rough by itself does not block between ends of the same level... but is elevated (9.35)',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.36',
    overrides:
      '9.53: defending artillery gains one half against adjacent attacks (names "Case 12.35")',
    text: 'The Combat Strength of Routed artillery units is not increased in defence against adjacent attacking units (Case 9.53)',
    tests: [
      '9.53, 12.36: defending artillery next to friendly infantry gains one half against an adjacent attack',
    ],
  },
  {
    edition: 'blue-grey',
    case: '9.65',
    overrides:
      '9.5: Range effects on artillery (one half more adjacent, one third less at three hexes)',
    text: 'Exception: the Combat Strength of Gunboats is not affected by Range',
    tests: ['9.65: gunboats have no range effects at any range'],
  },
  {
    edition: 'blue-grey',
    case: '10.33',
    overrides: '10.34, 10.38: Breastworks (built in play)',
    text: 'Any Breastworks Marker placed as part of a Player’s Initial Deployment is regarded as a Trench (Case 10.39)',
    tests: [
      '10.33: Breastworks of the Initial Deployment are Trenches; markers built in play are Breastworks, never Trenches',
    ],
  },
  {
    edition: 'blue-grey',
    case: '10.38',
    overrides: '10.38: attackers through other hexsides cancel the Breastworks shift',
    text: 'Exception: units in Breastworks never lose the odds column shift to the left due to non-adjacent artillery attacks from any direction',
    tests: [
      '10.38: non-adjacent artillery never cancels the Breastworks shift, from any direction',
    ],
  },
  {
    edition: 'blue-grey',
    case: '11.22',
    overrides: '8.75: the victor may advance into a hex vacated by combat',
    text: 'An Enemy unit may not advance after combat into a hex containing a non-attacking unit, even if an attacking unit was retreated from that hex',
    tests: ['11.22: at Night nobody advances into a hex still holding a non-attacking unit'],
  },
  {
    edition: 'blue-grey',
    case: '12.17',
    overrides:
      '11.3, 12.41a (Night recovery), 12.14, 12.15 (a further Disorder escalates), 12.41b (a successful Rally)',
    text: '11.3, 12.14, 12.15, 12.41 "Exception: Case 12.17"; Disordered, Shaken or Routed units are not additionally affected; a unit Rallying in a town will remain at least Disordered regardless of the success of the Rally result',
    tests: [
      '12.17: a town Disorders a Good unit and never escalates a worse one',
      '12.17: a unit entering a town is Disordered if in good order; a Disordered or Shaken one is not made worse (12.14, 12.15 "Exception: Case 12.17")',
      '11.3, 12.41, 12.17: at Night units not in an enemy ZOC recover at the start of their Combat Phase; in a town they stay Disordered',
      '12.41, 12.17: a Disordered unit rallying in a town still rolls (12.41b): 1-5 it stays Disordered, 6 makes it Shaken',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.11',
    overrides: '12.11: an attacker suffering Ae* or Ar becomes Disordered (one step)',
    text: 'Exception: attacking artillery units that retreat from an Enemy controlled hex suffer an additional Disorder result',
    tests: ['12.11: retreating attacking artillery takes an extra Disorder (at least Shaken)'],
  },
  {
    edition: 'blue-grey',
    case: '12.12',
    overrides: '12.12: a retreating defender in an Enemy Zone of Control rolls for Disorder (4-6)',
    text: 'Exception: retreating artillery units are automatically Disordered',
    tests: [
      '12.12: a retreating defending artillery unit is Disordered without a roll; the infantry beside it rolls',
      '12.12: a defending battery bombarded from afar (in no Enemy Zone of Control) that retreats is not Disordered (D21-1)',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.32',
    overrides: '8.75: a hex vacated by combat may be entered by a victorious unit',
    text: 'the Friendly Routed unit must retreat at the end of the Combat Phase … (Case 8.7). This does not trigger an advance after combat by an Enemy unit',
    tests: [
      '12.32: a Routed unit retreating at the end of the Combat Phase gives the enemy no advance after combat (over 8.75)',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.33',
    overrides:
      '12.32: a Routed unit in an Enemy controlled hex retreats at the end of the Combat Phase',
    text: 'not required to retreat … even if (due to the advance of Enemy units after combat) the unit is in an Enemy controlled hex at the end of the Combat Phase',
    tests: [
      '12.33: a Routed unit an advance after combat puts in an Enemy Zone of Control does not retreat at the end of the phase',
    ],
  },
  {
    edition: 'blue-grey',
    case: '12.42',
    overrides: '12.41b: the result of the Rally roll',
    text: 'the Rally Marker is removed from the unit regardless of the result',
    tests: [
      '12.41, 12.42, 12.43: rally rolls at the start of the Combat Phase; a Routed unit rolling 6 is eliminated and counts as a combat loss',
    ],
  },
  // ------------------------------------------------------------------- 1975 rules
  {
    edition: 'classic',
    case: 'O5.11',
    overrides: 'O5.11, O4.1 B: units move only in their own Movement Phase',
    text: 'neither Player may move his units except when forced to, as a result of the Combat',
    tests: [
      'O5.11, O4.1, O5.13: in the Combat Phase a move order is refused, but a retreat after combat moves the unit out of an Enemy controlled hex',
    ],
  },
  {
    edition: 'classic',
    case: 'O5.13',
    overrides: 'O5.13: a unit may never exit an Enemy controlled hex',
    text: 'An Enemy controlled hex may be left only during a retreat or advance as a result of combat (see 7.7)',
    tests: [
      'O5.11, O4.1, O5.13: in the Combat Phase a move order is refused, but a retreat after combat moves the unit out of an Enemy controlled hex',
    ],
  },
  {
    edition: 'classic',
    case: 'O5.22',
    overrides: 'the 1975 Terrain Effects Chart: the cost of the terrain in the hex entered',
    text: 'only one Movement Point, regardless of other terrain in the hex',
    tests: [
      'O5.22: road hex to road hex through a road hexside costs 1 MP regardless of other terrain in the hex',
    ],
  },
  {
    edition: 'classic',
    case: 'O5.32',
    overrides: 'stacking by strength or type (none: the limit counts units)',
    text: 'a maximum of two units (regardless of strength or unit type)',
    tests: [
      'O5.32, O5.31, O5.33: at most two units may end stacked in a hex; any number pass through friendly units at no cost',
    ],
  },
  {
    edition: 'classic',
    case: 'O6.6',
    overrides: 'O6.1: Zones of Control extend into all six adjacent hexes',
    text: 'with this exception: Zones of Control never extend through non-bridge and non-ford creek hexsides or into River Ferry hexes',
    tests: [
      'O6.6: Zones of Control do not extend through a creek hexside without a bridge or ford',
    ],
  },
  {
    edition: 'classic',
    case: 'O7.15',
    overrides: 'O7.15: units may only attack when adjacent ("exception: see 8.0")',
    text: 'Units may only attack when adjacent to the defending unit (exception: see 8.0)',
    tests: [
      'O8.11, O8.12, O7.15: artillery bombards up to three hexes, counting the target hex but not its own',
    ],
  },
  {
    edition: 'classic',
    case: 'O7.74',
    overrides: 'O7.14: no Enemy unit may be attacked more than once per Combat Phase',
    text: 'the already retreated unit does not contribute its Combat Strength to the defense (see 7.14), but it does suffer the result of the attack',
    tests: [
      'O7.74: the hex a defender retreated into may be bombarded; the retreated unit adds nothing but suffers the result',
      'O7.74, O7.14: once that hex has been bombarded the retreated unit may not be attacked there again',
      'O7.74, O7.14: a unit retreated into an empty hex has been attacked and may not be bombarded there',
      'O7.74, O7.6: a hex holding only a unit retreated into it (the friend displaced) defends with 0 and is bombarded at 6-1',
      'O7.74: a game of an earlier engine revision keeps O7.14 alone, so its replay re-runs as played',
    ],
  },
  {
    edition: 'classic',
    case: 'O7.75',
    overrides:
      'O5.13 (Enemy controlled hexes are left only by combat) and O7.13, O7.14 (adjacent units may attack and be attacked)',
    text: 'This advance may be made regardless of Enemy Zones of Control … After advancing, units may neither attack nor be attacked that Phase (see 7.14), even if their advance places them next to Enemy units',
    tests: [
      'O7.75: an advance ignores Enemy Zones of Control; the advanced unit may neither attack nor be attacked that phase, though next to Enemy units',
    ],
  },
  {
    edition: 'classic',
    case: 'O7.82',
    overrides: 'O7.81: the unit in the only open hex is displaced',
    text: 'If the displacement would cause any of the displaced units to be eliminated, the retreating unit is instead eliminated',
    tests: [
      'O7.82: if the displaced unit could not retreat, there is no displacement and the retreating unit is eliminated instead',
    ],
  },
  {
    edition: 'classic',
    case: 'O8.15',
    overrides:
      'O7.6: combat results apply to all attacking units ("except that bombarding Artillery units … are not affected")',
    text: 'All results are applied in the same fashion, except that bombarding Artillery units … are not affected by combat results',
    tests: ['O8.15: bombarding artillery suffers no combat result (Ae)'],
  },
  {
    edition: 'classic',
    case: 'O8.13',
    overrides: 'O8.13: artillery bombarding attacks a single hex',
    text: 'except when making a combined attack with infantry or cavalry (see 8.2)',
    tests: [
      'O8.21, O8.22, O8.23, O8.13: bombarding artillery joins adjacent attackers, needs range to one defending hex, and only the adjacent units suffer results',
    ],
  },
  {
    edition: 'classic',
    case: 'O7.81',
    overrides:
      'O5.32: at most two units in a hex (O7.73 "If there is no other alternative, it may displace … (see 7.8)")',
    text: 'If there is no other alternative, it may displace an adjacent Friendly unit (see 7.8)',
    tests: [
      'O7.81, O7.82: a retreating unit with no other path displaces one unit of a full stack; displaced artillery that had not fought may not fire',
    ],
  },
  {
    edition: 'classic',
    case: 'O11.31',
    overrides: 'O7.75: a hex vacated by combat may be entered by a victorious unit',
    text: 'the Friendly Ineffective unit must retreat according to the rules of Retreat After Combat (see 7.7). This does not allow an Optional Advance by an opposing unit',
    tests: [
      'O11.31: the end-of-phase retreat of an Ineffective unit allows no Optional Advance by the enemy (over O7.75)',
    ],
  },
  {
    edition: 'classic',
    case: 'O11.32',
    overrides:
      'O11.31: an Ineffective unit in an Enemy controlled hex retreats at the end of the Combat Phase',
    text: 'not required to retreat … even if (due to advance of Enemy units after combat) the unit is in an Enemy controlled hex at the end of the Combat Phase',
    tests: [
      'O11.32: an Ineffective unit not in an Enemy ZOC when the phase began need not retreat at its end',
    ],
  },
];

/** Phrases the grep finds that override no other rule, and why. */
export const NOT_OVERRIDES: readonly {
  edition: Override['edition'];
  where: string;
  why: string;
}[] = [
  {
    edition: 'blue-grey',
    where: '8.0 (general rule)',
    why: '"the non Phasing Player is the Defender, regardless of the overall strategic situation": a definition',
  },
  {
    edition: 'classic',
    where: 'O7.0 (general rule)',
    why: '"the other Player is the Defender, regardless …": a definition',
  },
  {
    edition: 'blue-grey',
    where: '7.1',
    why: '"regardless of the Phase or Player-Turn" states the general rule itself; its exceptions (10.39, exclusive Lines of Communication) are listed under 10.39 and the hooks',
  },
  {
    edition: 'classic',
    where: 'O6.1',
    why: '"regardless of the Phase or Player-Turn" states the general rule itself',
  },
  {
    edition: 'classic',
    where: 'O11.1',
    why: '"regardless of whether they moved into the adjacent position, or the Enemy did" widens the rule, overrides none (tested by O11.1 titles)',
  },
  {
    edition: 'blue-grey',
    where:
      'TEC sunken road ("Attacker halved, except: Attacker doubled if in adjacent sunken road hex")',
    why: 'attacks on sunken-road positions are refused NOT_YET_SUPPORTED (A31, C14); no scenario has them',
  },
];
