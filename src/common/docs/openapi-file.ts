import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Finds openapi.yaml at the repository (or image) root, from src/ or dist/src/. */
export function openApiPath(): string {
  const candidates = [
    resolve(process.cwd(), 'openapi.yaml'),
    join(__dirname, '..', '..', '..', 'openapi.yaml'),
    join(__dirname, '..', '..', '..', '..', 'openapi.yaml'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`openapi.yaml not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function readOpenApi(): string {
  return readFileSync(openApiPath(), 'utf8');
}
