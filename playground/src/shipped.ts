// The shipped templates and their samples, embedded in the bundle by scripts/build-playground.ts (esbuild
// `define`), so that the page needs no fetch and works from a file:// folder.

import type { JsonValue } from "response-template";

/** One recorded model output of templates/samples/<name>.jsonl. */
export interface Sample {
  name: string;
  prefix: string;
  text: string;
}

/** Template JSON by name (templates/<name>.json) and each template's samples. */
export interface Shipped {
  templates: Record<string, JsonValue>;
  samples: Record<string, Sample[]>;
}

declare const __RTC_SHIPPED__: Shipped | undefined;

export const SHIPPED: Shipped = typeof __RTC_SHIPPED__ === "undefined" ? { templates: {}, samples: {} } : __RTC_SHIPPED__;
