/**
 * A change others react to, told without knowing who listens: the subscription edits are wired before the
 * push service that must follow them (issue 16), so they only notify.
 */
export class ChangeSignal {
  private readonly listeners: (() => void)[] = [];

  listen(listener: () => void): void {
    this.listeners.push(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
