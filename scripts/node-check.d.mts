// Types of scripts/node-check.mjs (plain JavaScript: scripts/test.mjs runs it without TypeScript).

export function requiredMajor(): number;
export function unsupportedNode(version?: string, min?: number): string | null;
export function requireSupportedNode(): void;
