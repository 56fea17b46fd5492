#!/usr/bin/env node
// The `tubekeeper` command: runs the TypeScript entry through tsx (the server has no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
