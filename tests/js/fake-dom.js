// A few DOM nodes for the unit tests of modules that build SVG or HTML (no browser, no library):
// elements with attributes, children, classList, dataset, text, and querySelector for the
// selectors the client uses (`.a`, `tag`, `tag.a`, `[attr]`, `:scope > X`). installDom() puts a
// `document` on globalThis; the browser tests check the real thing.

class FakeClassList {
  constructor(node) {
    this.node = node;
  }
  get set() {
    return new Set((this.node.getAttribute("class") || "").split(/\s+/).filter(Boolean));
  }
  write(set) {
    this.node.setAttribute("class", [...set].join(" "));
  }
  contains(c) {
    return this.set.has(c);
  }
  add(...cs) {
    const set = this.set;
    for (const c of cs) set.add(c);
    this.write(set);
  }
  remove(...cs) {
    const set = this.set;
    for (const c of cs) set.delete(c);
    this.write(set);
  }
  toggle(c, on = !this.contains(c)) {
    if (on) this.add(c);
    else this.remove(c);
    return on;
  }
  [Symbol.iterator]() {
    return this.set[Symbol.iterator]();
  }
}

export class FakeElement {
  constructor(tag, ns = null) {
    this.tagName = tag;
    this.namespaceURI = ns;
    this.attrs = new Map();
    this.children = [];
    this.parentNode = null;
    this.text = "";
    this.style = {};
    this.listeners = {};
    this.classList = new FakeClassList(this);
    this.dataset = new Proxy(
      {},
      {
        get: (_, k) => this.getAttribute(`data-${kebab(k)}`) ?? undefined,
        set: (_, k, v) => {
          this.setAttribute(`data-${kebab(k)}`, v);
          return true;
        },
        deleteProperty: (_, k) => {
          this.removeAttribute(`data-${kebab(k)}`);
          return true;
        },
        ownKeys: () => [...this.attrs.keys()].filter((a) => a.startsWith("data-")).map((a) => camel(a.slice(5))),
        getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
      },
    );
  }
  setAttribute(k, v) {
    this.attrs.set(k, String(v));
  }
  getAttribute(k) {
    return this.attrs.has(k) ? this.attrs.get(k) : null;
  }
  removeAttribute(k) {
    this.attrs.delete(k);
  }
  hasAttribute(k) {
    return this.attrs.has(k);
  }
  get className() {
    return this.getAttribute("class") || "";
  }
  set className(v) {
    this.setAttribute("class", v);
  }
  get id() {
    return this.getAttribute("id") || "";
  }
  set id(v) {
    this.setAttribute("id", v);
  }
  get textContent() {
    return this.text + this.children.map((c) => c.textContent).join("");
  }
  set textContent(v) {
    this.children = [];
    this.text = String(v);
  }
  get firstChild() {
    return this.children[0] || null;
  }
  appendChild(node) {
    node.remove?.();
    node.parentNode = this;
    this.children.push(node);
    return node;
  }
  append(...nodes) {
    for (const n of nodes) this.appendChild(typeof n === "string" ? textNode(n) : n);
  }
  insertBefore(node, before) {
    node.remove?.();
    node.parentNode = this;
    const i = before ? this.children.indexOf(before) : -1;
    if (i < 0) this.children.push(node);
    else this.children.splice(i, 0, node);
    return node;
  }
  removeChild(node) {
    this.children = this.children.filter((c) => c !== node);
    node.parentNode = null;
  }
  replaceChildren(...nodes) {
    for (const c of this.children) c.parentNode = null;
    this.children = [];
    this.text = "";
    this.append(...nodes);
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  addEventListener(name, fn) {
    if (!this.listeners[name]) this.listeners[name] = [];
    this.listeners[name].push(fn);
  }
  removeEventListener(name, fn) {
    this.listeners[name] = (this.listeners[name] || []).filter((f) => f !== fn);
  }
  dispatchEvent(e) {
    for (const fn of this.listeners[e.type] || []) fn(e);
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  // all descendants, depth first
  *walk() {
    for (const c of this.children) {
      if (!(c instanceof FakeElement)) continue;
      yield c;
      yield* c.walk();
    }
  }
  querySelectorAll(selector) {
    return selector
      .split(",")
      .map((part) => part.trim())
      .flatMap((part) => {
        const scoped = part.match(/^:scope\s*>\s*(.+)$/);
        const pool = scoped ? this.children.filter((c) => c instanceof FakeElement) : [...this.walk()];
        return pool.filter((n) => matches(n, scoped ? scoped[1] : part));
      });
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
  closest(selector) {
    for (let n = this; n instanceof FakeElement; n = n.parentNode) if (matches(n, selector)) return n;
    return null;
  }
}

const kebab = (k) => String(k).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (k) => k.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const textNode = (text) => ({ textContent: text, remove() {} });

// `tag`, `.a.b`, `tag.a`, `[attr]` and `[attr="v"]`.
function matches(node, selector) {
  const m = selector.match(/^([a-z][\w-]*)?((?:\.[\w-]+)*)((?:\[[^\]]+\])*)$/i);
  if (!m) throw new Error(`fake DOM: selector not understood: ${selector}`);
  const [, tag, classes, attrs] = m;
  if (tag && node.tagName !== tag) return false;
  for (const c of classes.split(".").filter(Boolean)) if (!node.classList.contains(c)) return false;
  for (const [, name, value] of attrs.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    if (!node.hasAttribute(name) || (value !== undefined && node.getAttribute(name) !== value)) return false;
  }
  return true;
}

export function installDom() {
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (ns, tag) => new FakeElement(tag, ns),
    activeElement: null,
  };
  return globalThis.document;
}
