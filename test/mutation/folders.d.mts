/** folders.json, each entry as { mutate, tests? } (see folders.mjs). */
export const FOLDERS: Record<string, { mutate: string[]; tests?: string }>;
