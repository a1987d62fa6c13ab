// The Jinja compatibility layer: renders chat templates with @huggingface/jinja plus the Python-Jinja
// features model authors use and the JS engine lacks. Each feature is implemented once, for every chat
// template (never per model), follows what transformers' Jinja environment does, and is listed in
// COMPAT_FEATURES (README, `rtc infer --explain`). The engine's interpreter is extended at the AST level:
// nodes this layer does not handle are evaluated by the engine unchanged.

import * as jinja from "@huggingface/jinja";
import { pyRepr as pyStrRepr } from "response-template/runtime";

export interface CompatFeature {
  readonly kind: "filter" | "method" | "global" | "syntax";
  readonly name: string;
  readonly what: string;
}

/** Every feature this layer adds, as documented. */
export const COMPAT_FEATURES: readonly CompatFeature[] = [
  { kind: "method", name: "str.format", what: "positional ({}, {0}) and keyword ({name}) fields, {{ }} escapes" },
  { kind: "method", name: "str.join / find / count", what: "Python string methods" },
  { kind: "method", name: "list.append / extend / insert / pop", what: "mutate the list in place, return None (pop: the item)" },
  { kind: "method", name: "dict.items / keys / values / get / update / copy", what: "dict methods win over a same-named key (x.items() on a JSON schema with an `items` key)" },
  { kind: "filter", name: "string", what: "Python str() of dicts, lists, None and booleans ({'a': 1}, True, None)" },
  { kind: "filter", name: "min / max / sum", what: "over lists of numbers or strings" },
  { kind: "syntax", name: "non-string dict keys", what: "{0: 'a'} literals; d[0] finds the key" },
  { kind: "syntax", name: "missing subscript", what: "d[undefined] or d[key not present] is undefined, as in Python Jinja" },
  { kind: "syntax", name: "tuple unpacking", what: "for a, b in [(1, 2)] (tuple literals iterate like lists)" },
  { kind: "syntax", name: "printing", what: "{{ x }} prints None, True / False and dicts and lists as Python's str() does" },
  { kind: "syntax", name: "Undefined", what: "as Python's: empty when printed or iterated, length 0, \"\" through string filters" },
  { kind: "syntax", name: "membership", what: "lists and dicts `in` a list compare by value" },
  { kind: "global", name: "strftime_now", what: "a fixed clock (2026-01-01 00:00) unless `now` is given, so renderings are reproducible" },
  { kind: "global", name: "range / dict / raise_exception / namespace", what: "Python Jinja globals" },
];

// Runtime values of the engine. Its value classes are not exported, so their constructors are taken
// from values the public Environment creates.
interface RV {
  type: string;
  value: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  builtins: Map<string, RV>;
}
type Ctor = new (value?: unknown) => RV;
type Node = { type: string; [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

// The package's declaration files use extensionless relative imports, which NodeNext resolution cannot
// follow; the two classes are typed here with the members this layer uses.
interface Env {
  set(name: string, value: unknown): RV;
  setVariable(name: string, value: RV): RV;
}
interface EngineInterpreter {
  evaluate(node: Node, env: Env): RV;
  run(program: unknown): RV;
}
const Environment = jinja.Environment as unknown as new (parent?: Env) => Env;
const Interpreter = jinja.Interpreter as unknown as new (env: Env) => EngineInterpreter;

const toRV = (v: unknown): RV => new Environment().set("_", v);
const ctor = (v: unknown): Ctor => toRV(v).constructor as Ctor;
const ArrayValue = ctor([]);
const FunctionValue = ctor(() => null);
const ObjectValue = ctor({});
const NONE = (): RV => toRV(null);

/** Python repr of a runtime value (str() of containers uses repr of their items). */
function pyRepr(v: RV): string {
  switch (v.type) {
    case "StringValue":
      return pyStrRepr(v.value as string);
    case "BooleanValue":
      return v.value ? "True" : "False";
    case "NullValue":
    case "UndefinedValue":
      return "None";
    case "FloatValue":
      return Number.isInteger(v.value) ? (v.value as number).toFixed(1) : String(v.value);
    case "ArrayValue":
      return `[${(v.value as RV[]).map(pyRepr).join(", ")}]`;
    case "TupleValue":
      return `(${(v.value as RV[]).map(pyRepr).join(", ")}${v.value.length === 1 ? "," : ""})`;
    case "ObjectValue":
    case "NamespaceValue":
      return `{${[...(v.value as Map<string, RV>)].map(([k, x]) => `${pyRepr(toRV(k))}: ${pyRepr(x)}`).join(", ")}}`;
    default:
      return String(v.value);
  }
}

/** Python str(). */
function pyStr(v: RV): string {
  return v.type === "StringValue" ? v.value : pyRepr(v);
}

/** A printed value: Python str() for None, booleans and containers, the engine's text otherwise. */
function pyPrint(v: RV): string {
  return ["NullValue", "BooleanValue", "ArrayValue", "TupleValue", "ObjectValue"].includes(v.type) ? pyStr(v) : (v as unknown as { toString(): string }).toString();
}

/** Statement nodes: their value is the text they produced (never printed as a value). */
const STATEMENTS = new Set(["Program", "Set", "If", "For", "Macro", "CallStatement", "FilterStatement", "Break", "Continue", "Comment"]);

/** str.format with positional and keyword fields (format specs after ':' are ignored). */
function pyFormat(fmt: string, args: RV[], kwargs: Map<string, RV>): string {
  let auto = 0;
  return fmt.replace(/\{\{|\}\}|\{([^{}:!]*)(?:![rs])?(?::[^{}]*)?\}/g, (m, field: string | undefined) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    const key = field ?? "";
    const v = key === "" ? args[auto++] : /^\d+$/.test(key) ? args[Number(key)] : kwargs.get(key);
    if (v === undefined) throw new Error(`str.format: no value for field {${key}}`);
    return pyStr(v);
  });
}

function splitKwargs(args: RV[]): [RV[], Map<string, RV>] {
  const last = args.at(-1);
  if (last?.type === "KeywordArgumentsValue") return [args.slice(0, -1), last.value as Map<string, RV>];
  return [args, new Map()];
}

const fn = (f: (args: RV[]) => RV): RV => new FunctionValue((args: RV[]) => f(args));

// Python dicts may have integer keys ({0: 'a'}); the engine's maps have string keys. An object built from
// such a literal remembers which keys were integers, and gives them back as integers when iterated.
const INT_KEYS = new WeakMap<RV, Set<string>>();
const keyRV = (obj: RV, k: string): RV => toRV(INT_KEYS.get(obj)?.has(k) ? Number(k) : k);
const pairs = (obj: RV): RV[] => [...(obj.value as Map<string, RV>)].map(([k, v]) => new ArrayValue([keyRV(obj, k), v]));

function intKeyedObject(map: Map<string, RV>, intKeys: Set<string>): RV {
  const obj = new ObjectValue(map);
  if (intKeys.size) {
    INT_KEYS.set(obj, intKeys);
    // The engine's for loop iterates `keys()`.
    (obj as RV & { keys(): RV }).keys = () => new ArrayValue([...map.keys()].map((k) => keyRV(obj, k)));
  }
  return obj;
}

/** Methods Python objects have and the engine's values lack; undefined when not handled here. */
function compatMethod(obj: RV, name: string): RV | undefined {
  if (obj.type === "StringValue") {
    const s = obj.value as string;
    if (name === "format") return fn((a) => toRV(pyFormat(s, ...splitKwargs(a))));
    if (name === "join") return fn(([xs]) => toRV((xs!.value as RV[]).map(pyStr).join(s)));
    if (name === "find") return fn(([x]) => toRV(s.indexOf(x!.value as string)));
    if (name === "count") return fn(([x]) => toRV(s.split(x!.value as string).length - 1));
  }
  if (obj.type === "ArrayValue") {
    const xs = obj.value as RV[];
    if (name === "append") return fn(([x]) => (xs.push(x!), NONE()));
    if (name === "extend") return fn(([ys]) => (xs.push(...(ys!.value as RV[])), NONE()));
    if (name === "insert") return fn(([i, x]) => (xs.splice(i!.value as number, 0, x!), NONE()));
    if (name === "pop") {
      return fn(([i]) => {
        const at = i === undefined ? xs.length - 1 : (i.value as number) < 0 ? xs.length + (i.value as number) : (i.value as number);
        if (at < 0 || at >= xs.length) throw new Error("pop index out of range");
        return xs.splice(at, 1)[0]!;
      });
    }
  }
  if (obj.type === "ObjectValue") {
    const m = obj.value as Map<string, RV>;
    if (name === "items") return fn(() => new ArrayValue(pairs(obj)));
    if (name === "keys") return fn(() => new ArrayValue([...m.keys()].map((k) => keyRV(obj, k))));
    if (name === "values") return fn(() => new ArrayValue([...m.values()]));
    if (name === "get") return fn(([k, d]) => m.get(String(k!.value)) ?? d ?? NONE());
    if (name === "copy") return fn(() => new ObjectValue(new Map(m)));
    if (name === "update") {
      return fn((a) => {
        const [pos, kw] = splitKwargs(a);
        for (const src of [...pos.map((p) => p.value as Map<string, RV>), kw]) for (const [k, v] of src) m.set(k, v);
        return NONE();
      });
    }
  }
  return undefined;
}

const STRING_FILTERS: Record<string, (s: string) => string> = {
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  trim: (s) => s.trim(),
  capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
};

/** Filters the engine lacks for a value type; undefined when not handled here. */
function compatFilter(v: RV, name: string): RV | undefined {
  if (v.type === "UndefinedValue") {
    // Python's Undefined is "" as a string, empty as an iterable, 0 as a length.
    if (["trim", "upper", "lower", "title", "capitalize", "string", "join"].includes(name)) return toRV("");
    if (name === "length" || name === "count") return toRV(0);
    if (name === "items" || name === "list") return toRV([]);
  }
  if (v.type === "ObjectValue" && INT_KEYS.has(v)) {
    if (name === "items") return new ArrayValue(pairs(v));
    if (name === "dictsort") {
      const key = (p: RV) => (p.value as RV[])[0]!.value as number | string;
      return new ArrayValue(pairs(v).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
    }
  }
  const nonString = ["ObjectValue", "ArrayValue", "TupleValue", "NullValue", "NamespaceValue"].includes(v.type);
  if (name === "string" && nonString) return toRV(pyStr(v));
  // String filters on other values apply to their str(), as Python's soft_str does.
  if (nonString && STRING_FILTERS[name]) return toRV(STRING_FILTERS[name]!(pyStr(v)));
  if ((name === "min" || name === "max" || name === "sum") && v.type === "ArrayValue") {
    const xs = (v.value as RV[]).map((x) => x.value as number);
    if (name === "sum") return toRV(xs.reduce((a, b) => a + b, 0));
    if (xs.length === 0) return toRV(undefined);
    return toRV(xs.reduce((a, b) => ((name === "min" ? b < a : b > a) ? b : a)));
  }
  return undefined;
}

const HOLE = "__rtc_compat_value";
const hole: Node = { type: "Identifier", value: HOLE };
const HOLE2 = "__rtc_compat_value2";
const hole2: Node = { type: "Identifier", value: HOLE2 };

class CompatInterpreter extends Interpreter {
  override evaluate(node: Node | undefined, env: Env): RV {
    return (node && this.compat(node, env)) ?? super.evaluate(node as Node, env);
  }

  /** Output as Python prints it: `{{ none }}` is None, booleans True/False, containers their repr. */
  evaluateBlock(statements: Node[], env: Env): RV {
    let out = "";
    for (const statement of statements) {
      const v = this.evaluate(statement, env);
      if (STATEMENTS.has(statement.type)) {
        if (v.type !== "NullValue" && v.type !== "UndefinedValue") out += String(v.value);
      } else if (v.type !== "UndefinedValue") out += pyPrint(v);
    }
    return toRV(out);
  }

  private eval(node: Node, env: Env): RV {
    return this.evaluate(node, env);
  }

  /** Lets the engine finish a node whose first operand is already evaluated (never evaluates it twice). */
  private finish(node: Node, value: RV, env: Env, value2?: RV): RV {
    const scope = new Environment(env);
    scope.setVariable(HOLE, value);
    if (value2) scope.setVariable(HOLE2, value2);
    return super.evaluate(node, scope);
  }

  private compat(node: Node, env: Env): RV | undefined {
    switch (node.type) {
      case "CallExpression": {
        const callee = node.callee as Node;
        if (callee.type !== "MemberExpression" || callee.computed) return undefined;
        const obj = this.eval(callee.object, env);
        const method = compatMethod(obj, callee.property.value as string);
        if (!method) return this.finish({ ...node, callee: { ...callee, object: hole } }, obj, env);
        const positional: RV[] = [];
        const kwargs = new Map<string, RV>();
        for (const a of node.args as Node[]) {
          if (a.type === "KeywordArgumentExpression") kwargs.set(a.key.value as string, this.eval(a.value, env));
          else positional.push(this.eval(a, env));
        }
        if (kwargs.size) positional.push(kwargsValue(kwargs));
        return (method.value as (a: RV[]) => RV)(positional);
      }
      case "FilterExpression": {
        const filter = node.filter as Node;
        if (filter.type !== "Identifier") return undefined;
        const operand = this.eval(node.operand, env);
        return compatFilter(operand, filter.value as string) ?? this.finish({ ...node, operand: hole }, operand, env);
      }
      case "ObjectLiteral": {
        const map = new Map<string, RV>();
        const intKeys = new Set<string>();
        for (const [k, v] of node.value as Map<Node, Node>) {
          const key = this.eval(k, env);
          if (key.type === "IntegerValue") intKeys.add(String(key.value));
          map.set(key.type === "StringValue" ? key.value : pyStr(key), this.eval(v, env));
        }
        return intKeyedObject(map, intKeys);
      }
      case "For": {
        // Iterating an undefined value runs no iteration (the `else` block), iterating a string its
        // characters, as in Python Jinja.
        if ((node.iterable as Node).type === "SelectExpression") return undefined;
        const it = this.eval(node.iterable, env);
        const items = it.type === "UndefinedValue" ? new ArrayValue([]) : it.type === "StringValue" ? new ArrayValue([...(it.value as string)].map(toRV)) : it;
        return this.finish({ ...node, iterable: hole }, items, env);
      }
      case "BinaryExpression": {
        // Membership of lists and dicts in a list (`["string", "null"] in types`).
        const op = node.operator.value as string;
        if (op !== "in" && op !== "not in") return undefined;
        const left = this.eval(node.left, env);
        const right = this.eval(node.right, env);
        if (right.type === "ArrayValue" && ["ArrayValue", "ObjectValue", "TupleValue"].includes(left.type)) {
          const found = (right.value as RV[]).some((x) => pyRepr(x) === pyRepr(left));
          return toRV(op === "in" ? found : !found);
        }
        return this.finish({ ...node, left: hole, right: hole2 }, left, env, right);
      }
      case "TupleLiteral":
        return new ArrayValue((node.value as Node[]).map((x) => this.eval(x, env)));
      case "MemberExpression": {
        if (!node.computed || node.property.type === "SliceExpression") return undefined;
        const obj = this.eval(node.object, env);
        if (obj.type !== "ObjectValue") return this.finish({ ...node, object: hole }, obj, env);
        const key = this.eval(node.property, env);
        if (key.type === "StringValue") return (obj.value as Map<string, RV>).get(key.value) ?? toRV(undefined);
        if (key.type === "IntegerValue") return (obj.value as Map<string, RV>).get(String(key.value)) ?? toRV(undefined);
        return toRV(undefined);
      }
      default:
        return undefined;
    }
  }
}

function kwargsValue(map: Map<string, RV>): RV {
  const v = new ObjectValue(map);
  v.type = "KeywordArgumentsValue";
  return v;
}

export interface CompatRenderOptions {
  /** The clock strftime_now reads (default: 2026-01-01T00:00:00Z, so renderings are reproducible). */
  now?: Date;
}

const FIXED_NOW = new Date(Date.UTC(2026, 0, 1));

/** A chat template compiled once, rendered with the compatibility layer. */
export class ChatTemplate {
  private readonly parsed: unknown;
  constructor(readonly source: string) {
    this.parsed = new jinja.Template(source).parsed;
  }

  /** Renders with the given variables (messages, tools, add_generation_prompt, …); `strftime_now` reads a fixed clock unless `options.now`. Throws what the template raises. */
  render(context: Record<string, unknown>, options: CompatRenderOptions = {}): string {
    const env = new Environment();
    setGlobals(env, options.now ?? FIXED_NOW);
    for (const [k, v] of Object.entries(context)) env.set(k, v);
    return new CompatInterpreter(env).run(this.parsed).value as string;
  }
}

function setGlobals(env: Env, now: Date): void {
  for (const [k, v] of [["true", true], ["false", false], ["none", null], ["True", true], ["False", false], ["None", null]] as const) env.set(k, v);
  env.set("raise_exception", (msg: unknown) => {
    throw new Error(String(msg));
  });
  env.set("strftime_now", (fmt: string) => strftime(now, fmt));
  env.setVariable("range", fn((a) => toRV(pyRange(a.map((x) => x.value as number)))) );
  env.setVariable("dict", fn((a) => new ObjectValue(new Map(splitKwargs(a)[1]))));
}

function pyRange(a: number[]): number[] {
  const [start, stop, step = 1] = a.length === 1 ? [0, a[0]!] : a;
  if (step === 0) throw new Error("range() arg 3 must not be zero");
  const out: number[] = [];
  for (let i = start!; step > 0 ? i < stop! : i > stop!; i += step) out.push(i);
  return out;
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function strftime(d: Date, fmt: string): string {
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const codes: Record<string, () => string> = {
    Y: () => String(d.getUTCFullYear()),
    y: () => p(d.getUTCFullYear() % 100),
    m: () => p(d.getUTCMonth() + 1),
    d: () => p(d.getUTCDate()),
    e: () => String(d.getUTCDate()).padStart(2, " "),
    H: () => p(d.getUTCHours()),
    I: () => p(d.getUTCHours() % 12 || 12),
    M: () => p(d.getUTCMinutes()),
    S: () => p(d.getUTCSeconds()),
    p: () => (d.getUTCHours() < 12 ? "AM" : "PM"),
    A: () => DAYS[d.getUTCDay()]!,
    a: () => DAYS[d.getUTCDay()]!.slice(0, 3),
    B: () => MONTHS[d.getUTCMonth()]!,
    b: () => MONTHS[d.getUTCMonth()]!.slice(0, 3),
    j: () => p(Math.floor((d.getTime() - start) / 86400000) + 1, 3),
    "%": () => "%",
  };
  return fmt.replace(/%([A-Za-z%])/g, (m, c: string) => codes[c]?.() ?? m);
}

