import { InitialSchema1763769600000 } from './1763769600000-InitialSchema';
import { IdempotencyRequestHash1763856000000 } from './1763856000000-IdempotencyRequestHash';
import { Ladder1764201600000 } from './1764201600000-Ladder';
import { GameRevisionAndSecret1764201700000 } from './1764201700000-GameRevisionAndSecret';
import { GameForks1764288000000 } from './1764288000000-GameForks';
import { TakebackRequests1795750838825 } from './1795750838825-TakebackRequests';
import { EntrySnapshots1795750853774 } from './1795750853774-EntrySnapshots';
import { ScenarioOwners1795750989191 } from './1795750989191-ScenarioOwners';
import { GameTesting1795752822918 } from './1795752822918-GameTesting';
import { RowStateBySnapshot1795776193799 } from './1795776193799-RowStateBySnapshot';

/**
 * Every migration, oldest first. Migrations are listed explicitly (not globbed) so the
 * same list works from TypeScript (jest, ts-node) and from the compiled dist/.
 * After `npm run migration:create` / `migration:generate`, add the new class here;
 * test/unit/migrations.spec.ts fails if a file in migrations/ is missing from this list.
 * Never edit a migration after it has landed: add a new one.
 */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  IdempotencyRequestHash1763856000000,
  Ladder1764201600000,
  GameRevisionAndSecret1764201700000,
  GameForks1764288000000,
  TakebackRequests1795750838825,
  EntrySnapshots1795750853774,
  ScenarioOwners1795750989191,
  GameTesting1795752822918,
  RowStateBySnapshot1795776193799,
];
