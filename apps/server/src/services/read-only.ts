/**
 * Why the server only answers reads, when it does (issue 18 point 2): start-up recovery could not finish
 * because a disk is full. Reads work; writes answer 503 with the reason until recovery finishes.
 */
export class ReadOnlyState {
  private current: { reason: string; since: number } | null = null;

  get status(): { reason: string; since: number } | null {
    return this.current;
  }

  enter(reason: string, now = Date.now()): void {
    this.current = { reason, since: this.current?.since ?? now };
  }

  leave(): void {
    this.current = null;
  }
}
