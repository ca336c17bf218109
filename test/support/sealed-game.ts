import request from 'supertest';
import type { Order } from '../../src/engine/state';
import type { Side } from '../../src/engine/types';

/**
 * A Road to Richmond game in which the Confederate has given his first 17.62
 * secret reallocation (a sealed order): what the sealed-choice tests of every
 * read path (replay, states, board pictures, exports, forks) start from.
 */
export async function gameWithSealedOrder(
  server: Parameters<typeof request>[0],
  seed: string,
): Promise<{ id: string; token: Record<Side, string>; order: Order & { unit: string } }> {
  const created = await request(server)
    .post('/v1/games')
    .send({ scenario: 'road-to-richmond', seed, testing: true })
    .expect(201);
  const id = created.body.id as string;
  const token = Object.fromEntries(
    created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
  ) as Record<Side, string>;
  const confederate = { Authorization: `Bearer ${token.confederate}` };
  const legal = await request(server)
    .get(`/v1/games/${id}/legal-orders`)
    .set(confederate)
    .expect(200);
  const order = legal.body.orders.find((o: Order) => o.type === 'reallocate-reinforcement');
  await request(server)
    .post(`/v1/games/${id}/orders`)
    .set(confederate)
    .send({ expectedVersion: 0, order })
    .expect(200);
  return { id, token, order };
}
