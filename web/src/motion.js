// The table's motion, with the Web Animations API: every drawn card carries a key (`data-key`:
// `cN` for a face-up card, a seat's or a pile's place for a face-down one) and a zone
// (`data-zone`: hand, fan, trick, middle, pile). Before a frame is drawn, `capture` cuts short
// what still runs and reads where every card and seat is; after, `play` moves each card that
// stayed from its old place to its new one (FLIP), flies a card new to the trick or the middle
// from the seat that played it, deals new cards of a hand from the middle with a short stagger,
// and sends the cards that left the trick or the middle as ghosts to the seat that took them.
// Transform and opacity only, at most 400 ms, nothing at all when the person asks for reduced
// motion. All rects are read first, then the animations written: no layout thrash.

const running = new Set();
let ghosts = null;

export function reduced() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function layer() {
  if (!ghosts || !ghosts.isConnected) {
    ghosts = document.createElement("div");
    ghosts.id = "ghosts";
    ghosts.setAttribute("aria-hidden", "true");
    document.body.append(ghosts);
  }
  return ghosts;
}

/// Cuts short what runs (a cancelled animation leaves the drawn state) and reads where the cards
/// and seats are now.
export function capture(root) {
  for (const animation of running) animation.cancel();
  running.clear();
  if (ghosts) ghosts.replaceChildren();
  if (reduced()) return null;
  const cards = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    cards.set(node.dataset.key, { node, rect: node.getBoundingClientRect(), zone: node.dataset.zone });
  }
  return { cards, seats: seatRects(root), centre: centreRect(root) };
}

function seatRects(root) {
  const seats = new Map();
  for (const node of root.querySelectorAll("[data-seat-box]")) {
    seats.set(Number(node.dataset.seatBox), node.getBoundingClientRect());
  }
  return seats;
}

function centreRect(root) {
  const centre = root.querySelector(".centre");
  return centre ? centre.getBoundingClientRect() : null;
}

function visible(rect) {
  return rect && rect.width > 0 && rect.height > 0;
}

/// The transform that puts a box of `to` where `from` was (centres, and width as scale).
function offset(from, to) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = to.width > 0 ? Math.min(3, Math.max(0.2, from.width / to.width)) : 1;
  return { dx, dy, scale };
}

function track(animation) {
  running.add(animation);
  animation.finished.then(
    () => running.delete(animation),
    () => running.delete(animation),
  );
  return animation;
}

/// How much each seat's hand grew from one scene to the next.
function handChanges(prev, next) {
  const before = new Map((prev?.seats ?? []).map((s) => [s.seat, s.hand ?? 0]));
  const changes = new Map();
  for (const s of next?.seats ?? []) changes.set(s.seat, (s.hand ?? 0) - (before.get(s.seat) ?? 0));
  return changes;
}

function extreme(changes, sign) {
  let best = null;
  let most = 0;
  for (const [seat, change] of changes) {
    if (change * sign > most) {
      most = change * sign;
      best = seat;
    }
  }
  return best;
}

/// Moves what changed between the scene `prev` (drawn when `before` was captured) and `next`.
export function play(root, before, prev, next) {
  if (!before || reduced()) return;
  // Read everything first.
  const after = [...root.querySelectorAll("[data-key]")].map((node) => ({
    node,
    key: node.dataset.key,
    zone: node.dataset.zone,
    seat: node.dataset.seat != null ? Number(node.dataset.seat) : null,
    rect: node.getBoundingClientRect(),
  }));
  const seatsAfter = seatRects(root);
  const centre = before.centre ?? centreRect(root);
  const changes = handChanges(prev, next);
  const dropped = extreme(changes, -1);
  const rose = extreme(changes, 1);
  const seatRect = (seat) => {
    const rect = before.seats.get(seat) ?? seatsAfter.get(seat);
    return visible(rect) ? rect : null;
  };
  const present = new Set(after.map((a) => a.key));
  // Then write.
  let dealt = 0;
  for (const item of after) {
    if (!visible(item.rect)) continue;
    const old = before.cards.get(item.key);
    if (old && visible(old.rect)) {
      const { dx, dy, scale } = offset(old.rect, item.rect);
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) continue;
      track(
        item.node.animate(
          [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
          { duration: 300, easing: "cubic-bezier(.2,.7,.2,1)" },
        ),
      );
      continue;
    }
    if (old) continue;
    let from = null;
    let delay = 0;
    if (item.zone === "trick" || item.zone === "pile") from = seatRect(item.seat);
    else if (item.zone === "middle") from = dropped != null ? seatRect(dropped) : null;
    else if (item.zone === "hand" || item.zone === "fan") {
      from = centre;
      delay = Math.min(dealt * 25, 100);
      dealt += 1;
    }
    if (!visible(from)) {
      track(item.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200 }));
      continue;
    }
    const { dx, dy, scale } = offset(from, item.rect);
    const s = Math.min(scale, 1.2);
    track(
      item.node.animate(
        [
          { transform: `translate(${dx}px, ${dy}px) scale(${s})`, opacity: 0.4 },
          { transform: "none", opacity: 1 },
        ],
        { duration: 280, delay, easing: "cubic-bezier(.2,.7,.2,1)", fill: "backwards" },
      ),
    );
  }
  // Cards gone from the trick or the middle fly to whoever took them, then vanish.
  const gone = [];
  for (const [key, old] of before.cards) {
    if (present.has(key) || !visible(old.rect)) continue;
    if (old.zone !== "trick" && old.zone !== "middle") continue;
    let target = null;
    if (old.zone === "trick" && prev?.trick_leader != null) target = seatsAfter.get(prev.trick_leader);
    else if (old.zone === "middle" && rose != null) target = seatsAfter.get(rose);
    gone.push({ old, target: visible(target) ? target : null });
  }
  if (!gone.length) return;
  const holder = layer();
  for (const { old, target } of gone) {
    const ghost = old.node.cloneNode(true);
    ghost.removeAttribute("data-key");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, {
      left: `${old.rect.left}px`,
      top: `${old.rect.top}px`,
      width: `${old.rect.width}px`,
      height: `${old.rect.height}px`,
    });
    holder.append(ghost);
    const frames = target
      ? (() => {
          const { dx, dy } = offset(target, old.rect);
          return [
            { transform: "none", opacity: 1 },
            { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 },
          ];
        })()
      : [{ opacity: 1 }, { opacity: 0 }];
    const animation = track(
      ghost.animate(frames, { duration: target ? 340 : 200, easing: "ease-in", fill: "forwards" }),
    );
    animation.finished.then(
      () => ghost.remove(),
      () => ghost.remove(),
    );
  }
}
