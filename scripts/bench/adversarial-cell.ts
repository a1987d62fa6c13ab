// Child-process entry for one isolated adversarial measurement series (see adversarial.ts):
//   node --conditions=rtc-source --import tsx scripts/bench/adversarial-cell.ts <api> <case index> <size>...
// prints one JSON line per size as it finishes: {"size", "ns", "ms", "outcome"}.
import { measureCase, type Api } from "./adversarial-measure.ts";

const [api, index, ...sizes] = process.argv.slice(2);
for (const size of sizes.map(Number)) {
  const m = await measureCase(api as Api, Number(index), size);
  process.stdout.write(`${JSON.stringify({ size, ...m })}\n`);
}
