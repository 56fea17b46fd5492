import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from '../src/http/openapi.ts';

describe('API description', () => {
  it('docs/openapi.json matches the routes (run `npm run openapi` after changing a route)', async () => {
    const committed = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../docs/openapi.json'),
      'utf8',
    );
    const current = await generateOpenApi();
    expect(committed === current, 'docs/openapi.json is stale: run `npm run openapi`').toBe(true);
    const spec = JSON.parse(current);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/ping/', '/api/user/login/', '/api/user/me/']),
    );
    expect(spec.paths['/api/user/me/'].post.requestBody).toBeDefined();
  });
});
