// Writes docs/openapi.json from the contract schemas the routes use; `--check` fails when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from '../http/openapi.ts';
import { REPO_ROOT } from '../paths.ts';

const target = path.join(REPO_ROOT, 'docs/openapi.json');
const current = await generateOpenApi();

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== current) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json is current.');
} else {
  fs.writeFileSync(target, current);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
