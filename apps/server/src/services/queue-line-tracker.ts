/** Counts the targets of each persisted line and reports the lines whose targets are all done. */
export class LineTracker {
  private readonly remaining = new Map<number, number>();
  private ready: number[] = [];

  constructor(private readonly onResolved?: (lines: number[]) => Promise<void>) {}

  expect(line: number | undefined, targets: number): void {
    if (line === undefined) return;
    if (targets === 0) this.ready.push(line);
    else this.remaining.set(line, targets);
  }

  async resolved(targets: { line?: number | undefined }[]): Promise<void> {
    for (const { line } of targets) {
      if (line === undefined) continue;
      const left = (this.remaining.get(line) ?? 1) - 1;
      this.remaining.set(line, left);
      if (left === 0) this.ready.push(line);
    }
    await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.ready.length || !this.onResolved) return;
    const lines = this.ready;
    this.ready = [];
    await this.onResolved(lines);
  }
}
