import request from 'supertest';

export type SideName = 'union' | 'confederate';

/** A test game: its id, each seat's token, and the side that must act first. */
export interface TestGame {
  id: string;
  tokens: Record<SideName, string>;
  mover: SideName;
}

/** A Shiloh game created through the API with `seed` (testing: true), its seats' tokens read back. */
export async function createShilohGame(
  server: Parameters<typeof request>[0],
  seed: string,
): Promise<TestGame> {
  const res = await request(server)
    .post('/v1/games')
    .send({ scenario: 'shiloh', seed, testing: true })
    .expect(201);
  const tokens = Object.fromEntries(
    (res.body.seats as Array<{ side: string; token: string }>).map((s) => [s.side, s.token]),
  ) as TestGame['tokens'];
  return { id: res.body.id as string, tokens, mover: res.body.game.mustAct.side as SideName };
}

/** The Authorization header of a seat token. */
export const seatAuth = (token: string) => ({ Authorization: `Bearer ${token}` });
