// The coloured event view of `rtc parse --events` on a terminal: regions in order, chunk boundaries and
// dirty chunks marked, parsed values at close.

import { describe, expect, it } from "vitest";
import { renderEvents } from "../../compiler/cli/render-events.ts";
import type { RegionEvent } from "../../runtime/core/types.ts";

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

describe("rtc parse --events (terminal view)", () => {
  it("shows each region, its chunks, the dirty marker and the closing value", () => {
    const events: RegionEvent[] = [
      { type: "region_open", field: "thinking" },
      { type: "region_chunk", field: "thinking", text: "I sh", dirty: false },
      { type: "region_chunk", field: "thinking", text: "ould\n\x07go", dirty: false },
      { type: "region_close", field: "thinking", value: "I should\n\x07go" },
      { type: "region_open", field: "tool_calls" },
      { type: "region_chunk", field: "tool_calls", text: '{"name": "f"}', dirty: true },
      { type: "region_close", field: "tool_calls", value: { type: "function", function: { name: "f" } } },
    ];
    const out = renderEvents(events, { role: "assistant", thinking: "x" }, 40);
    const plain = strip(out).split("\n");
    expect(plain[0]).toMatch(/^── thinking ─+$/);
    expect(plain.slice(1, 3)).toEqual(["I should↵", "\\x07go"]);
    expect(plain[3]).toBe('✓ thinking = "I should\\n\\u0007go"');
    expect(plain[4]).toMatch(/^── tool_calls ─+$/);
    expect(plain[5]).toMatch(/dirty: raw text/);
    expect(plain[6]).toBe('{"name": "f"}');
    expect(plain[7]).toBe('✓ tool_calls = {"type":"function","function":{"name":"f"}}');
    expect(plain[9]).toBe('{"role":"assistant","thinking":"x"}');
    // Chunk boundaries: the second clean chunk is painted differently from the first.
    expect(out).toContain("I sh\x1b[94mould");
  });
});
