"""The Python reference on the adversarial inputs of `npm run bench` (scripts/bench/adversarial.ts).

Reads {"window": W, "budget": seconds, "cells": [{"name", "template", "size", "text"}]} as JSON on stdin,
feeds each text to transformers' ResponseParser one character at a time and prints one JSON line per cell:
{"name", "size", "ns"} with ns per chunk over the last W chunks, or {"name", "size", "fed", "chars",
"seconds"} when the budget ran out first (the reference re-searches pending text on every feed: it is quadratic there).
"""
import json
import sys
import time

from transformers.utils.chat_parsing import ResponseParser


def main() -> None:
    job = json.load(sys.stdin)
    window, budget = job["window"], job["budget"]
    for cell in job["cells"]:
        with open(cell["template"], encoding="utf-8") as f:
            template = json.load(f)
        text = cell["text"]
        out = {"name": cell["name"], "size": cell["size"]}
        try:
            parser = ResponseParser(template, prefix="")
        except Exception as e:  # an rtc extension (such as `into`) the reference does not know
            out["error"] = f"{type(e).__name__}: {str(e)[:80]}"
            print(json.dumps(out), flush=True)
            continue
        start = max(0, len(text) - window)
        t0 = time.perf_counter()
        tw = t0
        for i, ch in enumerate(text):
            if i == start:
                tw = time.perf_counter()
            try:
                parser.feed(ch)
            except Exception:  # errors are part of some cases (deep JSON); feeding goes on
                pass
            if time.perf_counter() - t0 > budget:
                out.update(fed=i + 1, chars=len(text), seconds=round(time.perf_counter() - t0, 1))
                break
        else:
            out["ns"] = (time.perf_counter() - tw) * 1e9 / (len(text) - start)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
