/**
 * Where leaders may be deployed (Grand Chancellorsville 23.59), checked on the
 * scenario a game is played on (validateScenario, after the players' counters
 * are merged): "Leaders are deployed with any unit in their command, whether
 * on the map sheet or as Reinforcements. Hooker and Lee may start anywhere on
 * the map sheet, or may arrive with the Game-Turn One Reinforcements; Jackson
 * arrives with the Game-Turn Two Confederate Reinforcements; Stuart arrives
 * with any Reinforcing Confederate cavalry unit on 1 May."
 *
 * Readings: a leader with a `command` (the leaders rule's `commands`) is set
 * up in a hex where a unit of his command is set up, or arrives on the
 * Game-Turn and at an entry hex where a unit of his command arrives (Jackson
 * with his corps on Game-Turn 2 at F2501, Stuart with the cavalry on
 * Game-Turns 8-10); a leader without one (the army commanders) is set up
 * anywhere, or arrives on Game-Turn 1 with a reinforcement of his side. A
 * leader's command is one the rule names; a one-star leader has one (23.5:
 * "Leaders with one star are Confederate divisional and Union corps
 * commanders"). Pure: only the scenario document.
 */
import type { ScenarioDocument, UnitSpec } from '../../types';

/** The units of each command, commands named inside another expanded (Jackson: Hill's, Rodes' and Colston's divisions). */
export function commandMembers(commands: Record<string, string[]>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const expand = (name: string, seen: Set<string>): Set<string> => {
    const known = out.get(name);
    if (known) return known;
    const set = new Set<string>();
    seen.add(name);
    for (const x of commands[name] ?? []) {
      if (x in commands) {
        if (!seen.has(x)) for (const y of expand(x, seen)) set.add(y);
      } else set.add(x);
    }
    out.set(name, set);
    return set;
  };
  for (const name of Object.keys(commands)) expand(name, new Set());
  return out;
}

/** Every leader deployed against 23.59, with the path of the placement or reinforcement. */
export function leaderDeploymentProblems(
  scenario: ScenarioDocument,
): Array<{ path: string; message: string }> {
  const rule = scenario.specialRules.find((r) => r.hook === 'leaders');
  if (!rule) return [];
  const p = rule.params ?? {};
  const commands = (p.commands ?? {}) as Record<string, string[]>;
  if (typeof commands !== 'object' || commands === null) return [];
  const members = commandMembers(commands);
  const specs = new Map(scenario.units.map((u) => [u.id, u]));
  const inCommand = (cmd: string, id: string) => {
    const u = specs.get(id);
    return !!u && u.type !== 'leader' && (members.get(cmd)?.has(id) || u.command === cmd);
  };
  const out: Array<{ path: string; message: string }> = [];
  const leaders: UnitSpec[] = scenario.units.filter((u) => u.type === 'leader');
  const placements = scenario.setup.placements ?? [];
  const textStars = (p.stars ?? {}) as Record<string, number>;
  scenario.units.forEach((u, i) => {
    if (u.type !== 'leader') return;
    if (u.command !== undefined && !(u.command in commands))
      out.push({
        path: `units[${i}].command`,
        message: `"${u.command}" is none of the leaders rule's commands (${Object.keys(commands).join(', ')})`,
      });
    else if (u.command === undefined && (textStars[u.id] ?? u.stars ?? 1) === 1)
      out.push({
        path: `units[${i}].command`,
        message: `one-star Leader ${u.id} commands a Union corps or a Confederate division (23.5, 23.53): give it (${Object.keys(commands).join(', ')})`,
      });
  });
  for (const leader of leaders) {
    const cmd = leader.command;
    placements.forEach((pl, i) => {
      if (pl.unit !== leader.id || cmd === undefined) return;
      if (!placements.some((o) => o.hex === pl.hex && inCommand(cmd, o.unit)))
        out.push({
          path: `setup.placements[${i}].hex`,
          message: `Leader ${leader.id} is set up in ${pl.hex}, where no unit of his command (${cmd}) is: 23.59 deploys Leaders with a unit of their command`,
        });
    });
    scenario.reinforcements.forEach((r, k) => {
      if (!r.units.includes(leader.id)) return;
      const together = scenario.reinforcements.filter(
        (o) =>
          o.side === r.side &&
          o.turn === r.turn &&
          o.entry.some((h) => r.entry.includes(h)) &&
          o.units.some((id) => id !== leader.id && specs.get(id)?.type !== 'leader'),
      );
      if (cmd !== undefined) {
        if (!together.some((o) => o.units.some((id) => inCommand(cmd, id))))
          out.push({
            path: `reinforcements[${k}]`,
            message: `Leader ${leader.id} arrives on Game-Turn ${r.turn} at ${r.entry.join('/')} with no unit of his command (${cmd}): 23.59 brings Leaders with a unit of their command`,
          });
      } else if (r.turn !== 1 || together.length === 0)
        out.push({
          path: `reinforcements[${k}]`,
          message: `Leader ${leader.id} commands no single command: 23.59 lets him start anywhere on the map or arrive with the Game-Turn 1 reinforcements of his side, not on Game-Turn ${r.turn} at ${r.entry.join('/')}`,
        });
    });
  }
  return out;
}
