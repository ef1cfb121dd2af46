/** Types of ./build.mjs for the TypeScript tests that import it. */
export function isBuildFresh(root?: string): boolean;
export function ensureBuild(purpose?: string): Promise<boolean>;
