// Small DOM helpers: typed element lookup and element creation.

/** The element with this id, checked to be of the expected class. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`playground: #${id} is missing or not a ${type.name}`);
  return el;
}

/** A new element with a class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** Shows a one-line message in `box`, or hides it for null. */
export function showLine(box: HTMLElement, line: string | null): void {
  box.hidden = line === null;
  box.textContent = line ?? "";
  box.title = line ?? "";
}
