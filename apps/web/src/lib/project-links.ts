/**
 * Where the project lives on the web; one place so the footer, login and About pages agree. Only what
 * exists: no container image is published and there is no forum, so neither is linked.
 */
const REPO = 'https://github.com/tubekeeper/tubekeeper';

export const PROJECT_LINKS = {
  repository: REPO,
  releases: `${REPO}/releases`,
  release: (version: string) => `${REPO}/releases/tag/${encodeURIComponent(version)}`,
  documentation: `${REPO}/tree/main/docs`,
  issues: `${REPO}/issues`,
  donate: 'https://github.com/sponsors/tubekeeper',
} as const;

export const PRODUCT_NAME = 'Tubekeeper';
/** First year of the project, for the copyright range in the footer. */
export const FIRST_YEAR = 2026;
