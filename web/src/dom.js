// Small helpers every part of the window builds its elements with: an element with its
// properties and children, the status bar (role=status) that says what is going on (signing in,
// reconnecting, a request refused), and the look of a list of sentences. No word of their own.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === "dataset") {
      for (const [d, v] of Object.entries(value)) if (v != null) node.dataset[d] = v;
    }
    else if (key === "attrs") {
      for (const [a, v] of Object.entries(value)) if (v != null && v !== false) node.setAttribute(a, v);
    } else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child != null && child !== false) node.append(child);
  }
  return node;
}

export function status(text) {
  let bar = document.getElementById("status");
  if (!bar) {
    bar = el("div", { id: "status", role: "status" });
    document.body.prepend(bar);
  }
  bar.textContent = text || "";
  bar.hidden = !text;
}

export function lines(list, className) {
  return el("div", { className }, (list ?? []).map((l) => el("p", { textContent: l })));
}
