import { Injectable } from '@nestjs/common';

/**
 * The wall clock of the ladder features (challenge expiry, game clocks,
 * tournament deadlines, webhook retries), as a provider so tests inject a
 * clock they move by hand. The engine never reads a clock.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told: for tests (overrideProvider(Clock).useValue(new ManualClock(...))). */
export class ManualClock extends Clock {
  constructor(private current = new Date('2026-01-01T00:00:00Z')) {
    super();
  }

  override now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  set(at: Date): void {
    this.current = new Date(at.getTime());
  }
}
