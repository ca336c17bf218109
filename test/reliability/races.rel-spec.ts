import { validateResponse } from '../support/openapi';
import { asResponseLike, bearer, createGame, http, HttpAnswer } from './support/client';
import { ensureBuilt } from './support/service';
import { startTarget, Target } from './support/targets';

const ORDERS = '/v1/games/{id}/orders';

function specProblems(a: HttpAnswer, method: string, path: string): string[] {
  return validateResponse(asResponseLike(a), { method, path });
}

/** A legal order other than end-phase/resign for the side that must act first. */
async function firstMove(base: string, id: string, token: string): Promise<{ type: string }> {
  const legal = await http(base, 'GET', `/v1/games/${id}/legal-orders`, undefined, bearer(token));
  expect(legal.status).toBe(200);
  const move = (legal.body.orders as Array<{ type: string }>).find(
    (o) => o.type !== 'end-phase' && o.type !== 'resign',
  );
  expect(move).toBeDefined();
  return move!;
}

describe.each(['postgresql', 'embedded'] as const)(
  'races and idempotency on %s (built service)',
  (label) => {
    let target: Target | undefined;
    beforeAll(async () => {
      ensureBuilt();
      target = await startTarget(label);
    });
    afterAll(() => target?.close());

    it('50 parallel submissions of the same legal order on one version: exactly 1 accepted, 49 × 409, one log entry', async () => {
      if (!target) return;
      const base = target.service.url;
      const game = await createGame(base, `race-${label}`);
      const token = game.tokens.confederate; // Shiloh 16.3: the Confederate player moves first
      const order = await firstMove(base, game.id, token);

      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          http(
            base,
            'POST',
            `/v1/games/${game.id}/orders`,
            { expectedVersion: 0, order },
            bearer(token),
          ),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const a of answers) {
        expect(specProblems(a, 'POST', ORDERS)).toEqual([]);
        if (a.status === 409) {
          expect(a.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 1 });
        }
      }

      const replay = await http(base, 'GET', `/v1/games/${game.id}/replay`);
      expect(replay.body.entries).toHaveLength(1);
      expect(replay.body.entries[0]).toMatchObject({ seq: 1, side: 'confederate', order });
      const view = await http(base, 'GET', `/v1/games/${game.id}`);
      expect(view.body.version).toBe(1);
    });

    it('the same Idempotency-Key 10 times, concurrently: one entry, ten identical answers', async () => {
      if (!target) return;
      const base = target.service.url;
      const game = await createGame(base, `idem-${label}`);
      const token = game.tokens.confederate;
      const order = await firstMove(base, game.id, token);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          http(
            base,
            'POST',
            `/v1/games/${game.id}/orders`,
            { expectedVersion: 0, order },
            { ...bearer(token), 'idempotency-key': 'one-click' },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      for (const a of answers) {
        expect(a.body).toEqual(answers[0].body);
        expect(specProblems(a, 'POST', ORDERS)).toEqual([]);
      }
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(
        9,
      );
      expect(answers[0].body.version).toBe(1);

      const replay = await http(base, 'GET', `/v1/games/${game.id}/replay`);
      expect(replay.body.entries).toHaveLength(1);

      // A retry much later still gets the stored answer, even though the game has moved on.
      const end = await http(
        base,
        'POST',
        `/v1/games/${game.id}/orders`,
        { expectedVersion: 1, order: { type: 'end-phase' } },
        bearer(token),
      );
      expect(end.status).toBe(200);
      const late = await http(
        base,
        'POST',
        `/v1/games/${game.id}/orders`,
        { expectedVersion: 0, order },
        { ...bearer(token), 'idempotency-key': 'one-click' },
      );
      expect(late.status).toBe(200);
      expect(late.body).toEqual(answers[0].body);
      expect((await http(base, 'GET', `/v1/games/${game.id}/replay`)).body.entries).toHaveLength(2);
    });
  },
);
