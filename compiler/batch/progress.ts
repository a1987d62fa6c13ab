// Progress bar (TTY only) and the summary line of a batch run. Plain ANSI, no dependencies.

export interface Progress {
  bytes: number;
  totalBytes: number | null;
  records: number;
  errors: number;
  started: number;
}

const CLEAR = "\r\x1b[2K";
const dim = (s: string) => `\x1b[2m${s}\x1b[22m`;
const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
const green = (s: string) => `\x1b[32m${s}\x1b[39m`;

export function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function rate(p: Progress): { seconds: number; mbps: number; rps: number } {
  const seconds = Math.max((performance.now() - p.started) / 1000, 1e-9);
  return { seconds, mbps: p.bytes / 1e6 / seconds, rps: p.records / seconds };
}

/** One redraw of the bar: `[#####-----]  45%  12.3/27.0 MB  45,000 records  3 errors  25.1 MB/s`. */
export function renderBar(p: Progress, width = 30): string {
  const { mbps } = rate(p);
  const frac = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : null;
  const bar =
    frac === null
      ? ""
      : `[${green("#".repeat(Math.round(frac * width)))}${dim("-".repeat(width - Math.round(frac * width)))}] ${String(Math.floor(frac * 100)).padStart(3)}%  `;
  const size = p.totalBytes ? `${mb(p.bytes)}/${mb(p.totalBytes)} MB` : `${mb(p.bytes)} MB`;
  const errs = p.errors ? red(`${p.errors.toLocaleString("en-US")} errors`) : dim("0 errors");
  return `${CLEAR}${bar}${size}  ${p.records.toLocaleString("en-US")} records  ${errs}  ${mbps.toFixed(1)} MB/s`;
}

export function clearLine(): string {
  return CLEAR;
}

/** The line printed when a batch ends (also when stderr is not a terminal). */
export function summaryLine(p: Progress, jobs: number): string {
  const { seconds, mbps, rps } = rate(p);
  return (
    `${p.records.toLocaleString("en-US")} records, ${p.errors.toLocaleString("en-US")} errors, ` +
    `${mb(p.bytes)} MB in ${seconds.toFixed(2)} s (${mbps.toFixed(1)} MB/s, ${Math.round(rps).toLocaleString("en-US")} records/s, ` +
    `${jobs} job${jobs === 1 ? "" : "s"})`
  );
}
