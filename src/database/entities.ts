import { Game } from '../games/entities/game.entity';
import { GameEntry } from '../games/entities/game-entry.entity';
import { IdempotencyKey } from '../games/entities/idempotency-key.entity';
import { Seat } from '../games/entities/seat.entity';
import { CustomScenario } from '../scenarios/entities/custom-scenario.entity';

/**
 * Every TypeORM entity of the service. Add a new entity here (and describe its table
 * in a new migration under migrations/); feature modules may also use
 * TypeOrmModule.forFeature([...]) for repository injection.
 */
export const ENTITIES = [Game, GameEntry, Seat, IdempotencyKey, CustomScenario];
