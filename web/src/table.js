// The window's drawing: the table drawn from the frames the server sends (see
// docs/window-protocol.md). It keeps what the window shows (the table, the person's hand and its
// moves, the lobby and controls, the setup form, rules, hint, board) and draws it again at each
// frame: the seats around the felt (the person's own at the bottom, the others across the
// top and sides in play order), the middle's piles, the trick by its seats, the person's cards as
// buttons (a card that is one move's only card plays it; others are selected, and the moves
// whose cards are the selection offered), the other moves, the controls and the story in a live
// region. It holds no game rule and no word of its own: every label comes from the frames, the
// config's words or the cards' names. It sends what a person chose through `send` (a move, a
// hint, taking a seat, a control, opening a table) and moves the cards with `motion.js`.

import { el, lines, status } from "./dom.js";
import { cardName, cardSvg } from "./cards.js";
import { capture, play } from "./motion.js";

/// Puts `parts` (nested lists, nulls skipped) in `node` instead of what it held.
function fill(node, parts) {
  node.replaceChildren(...[parts].flat(Infinity).filter((p) => p != null && p !== false));
}

/// Puts `parts` in `node` as `fill` does, but keeps what did not change: an old child of the same
/// tag (and card) takes the new one's attributes and, in turn, its children; a text its words.
/// Kept nodes are not styled and laid out again (a frame changes few of the felt's cards). Only
/// for parts without listeners (the old node is kept, not the new one's handlers).
function morph(node, parts) {
  const next = [parts].flat(Infinity).filter((p) => p != null && p !== false);
  const old = [...node.childNodes];
  next.forEach((n, i) => {
    const o = old[i];
    if (!o || o.nodeType !== n.nodeType) return;
    if (o.isEqualNode(n)) next[i] = o;
    else if (o.nodeType === Node.TEXT_NODE) {
      if (o.data !== n.data) o.data = n.data;
      next[i] = o;
    } else if (
      o.nodeType === Node.ELEMENT_NODE &&
      o.namespaceURI === n.namespaceURI &&
      o.localName === n.localName &&
      // A card stays the same card (the motion reads where each was; a card gone leaves a ghost).
      o.getAttribute("data-key") === n.getAttribute("data-key")
    ) {
      for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
      for (const a of n.attributes) if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
      morph(o, [...n.childNodes]);
      next[i] = o;
    }
  });
  for (let i = 0; i < next.length; i += 1) {
    const o = node.childNodes[i];
    if (o === next[i]) continue;
    if (o) node.replaceChild(next[i], o);
    else node.append(next[i]);
  }
  while (node.childNodes.length > next.length) node.lastChild.remove();
}

const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/// A window drawn in `app`. `send(frame)` sends a frame to the server (false when it cannot).
export function createWindow(app, { words = {}, send }) {
  const s = {
    words,
    table: null,
    hand: null,
    setup: null,
    rules: null,
    hintText: null,
    board: null,
    live: false,
    participants: [],
    selection: new Set(),
    confirming: null,
    form: null,
    scene: null,
  };

  // The parts of the window, made once; each frame draws their insides again (the header, the
  // felt, the hand and the lines keep the nodes that did not change: see `morph`), except the
  // story, whose new lines are added (a live region read as it grows).
  const header = el("header", { className: "top" });
  const felt = el("section", { className: "felt" });
  const handBox = el("section", { className: "hand" });
  const setupBox = el("section", { className: "setup" });
  const play_ = el("div", { className: "play" }, header, setupBox, felt, handBox);
  const asking = el("div", { className: "asking" });
  const moves = el("section", { className: "moves" });
  const controls = el("section", { className: "controls" });
  const described = el("section", { className: "lines" });
  const story = el("section", { className: "story", attrs: { "aria-live": "polite" } });
  const extras = el("div", { className: "extras" });
  const side = el("aside", { className: "side" }, asking, moves, controls, described, story, extras);
  app.replaceChildren(play_, side);

  const w = (key) => s.words[key] ?? null;

  function ask(frame) {
    send(frame);
  }

  // ----- frames -----

  function frame(f) {
    switch (f.type) {
      case "table":
        if (s.table?.table !== f.table) {
          s.hand = null;
          s.selection.clear();
          s.board = null;
        }
        s.table = f;
        s.setup = null;
        if (s.hand && s.hand.move_number < f.move_number) {
          // Its moves are past; its cards stay drawn until the seat's new hand comes (right
          // after), unless the person has no seat any more.
          s.hand = f.seats.some((x) => x.you) ? { ...s.hand, actions: [], hint: null } : null;
          s.confirming = null;
        }
        break;
      case "hand":
        if (s.hand?.move_number !== f.move_number) {
          s.hintText = null;
          s.selection.clear();
        }
        s.hand = f;
        s.confirming = null;
        break;
      case "hint":
        s.hintText = f.text;
        break;
      case "rules":
        s.rules = f;
        break;
      case "board":
        s.board = f;
        break;
      case "setup":
        s.setup = f;
        s.table = null;
        s.hand = null;
        s.confirming = null;
        break;
      case "refused":
        status(f.text);
        return;
      case "notice":
        status(f.text);
        return;
      default:
        return;
    }
    status("");
    soon();
  }

  // Frames that come together (the table, then the seat's hand) are drawn once, right after the
  // next paint (or within 100 ms when the page is not painted), so that the motion goes from what
  // was seen to what is. The drawing is a task of its own, not the paint's: the two together
  // are a long task on a slow machine.
  let pending = null;
  function soon() {
    if (pending) return;
    const run = () => {
      if (!pending) return;
      cancelAnimationFrame(pending.frame);
      clearTimeout(pending.timer);
      pending = null;
      draw();
    };
    pending = { frame: requestAnimationFrame(() => setTimeout(run, 0)), timer: setTimeout(run, 100) };
  }

  function setLive(live) {
    s.live = live;
    app.dataset.live = live ? "1" : "0";
    if (!live) {
      for (const b of app.querySelectorAll("button.action, button.card-btn")) b.disabled = true;
    }
  }

  function setParticipants(list) {
    s.participants = list ?? [];
    draw(false);
  }

  function setWords(next) {
    s.words = next ?? {};
  }

  // ----- drawing -----

  function handOf() {
    return s.hand && s.table && s.hand.table === s.table.table ? s.hand : null;
  }

  function draw(moving = true) {
    if (pending) {
      cancelAnimationFrame(pending.frame);
      clearTimeout(pending.timer);
      pending = null;
    }
    const focused = document.activeElement?.dataset?.focus ?? null;
    const before = moving ? capture(app) : null;
    const prevScene = s.scene;
    build();
    // The same control keeps the focus across frames; one gone (a card played, a move chosen, a
    // question answered) leaves it on the hand's first playable card, else its first card, else
    // the first move or control: never on nothing.
    if (focused) {
      const again =
        app.querySelector(`[data-focus="${CSS.escape(focused)}"]`) ??
        app.querySelector(".hand .card-btn.legal:enabled") ??
        app.querySelector(".hand .card-btn:enabled") ??
        app.querySelector(".moves button:enabled, .controls button:enabled, .setup button:enabled");
      again?.focus({ preventScroll: true });
    }
    if (moving) play(app, before, prevScene, s.scene);
  }

  function build() {
    const table = s.table;
    const hand = handOf();
    const scene = (hand && hand.scene) || table?.scene || null;
    s.scene = scene;
    app.dataset.live = s.live ? "1" : "0";
    if (table) {
      app.dataset.move = table.move_number;
      app.dataset.phase = table.phase;
    } else {
      delete app.dataset.move;
      delete app.dataset.phase;
    }
    morph(header, headerView(table, scene));
    fill(setupBox, (table ? [] : setupView()));
    setupBox.hidden = !!table || !s.setup;
    morph(felt, table ? feltView(table, scene, hand) : []);
    felt.hidden = !table;
    felt.classList.toggle("public", !!table && !hand);
    felt.classList.toggle("sides", !!felt.querySelector(".side-seats .seat"));
    felt.setAttribute("aria-label", w("table_region") ?? "");
    morph(handBox, hand ? handView(hand, scene) : []);
    handBox.hidden = !hand;
    handBox.setAttribute("aria-label", w("hand_region") ?? "");
    if (hand) handBox.dataset.move = hand.move_number;
    else delete handBox.dataset.move;
    fill(asking, confirmView(hand, table));
    fill(moves, (hand ? movesView(hand) : []));
    moves.hidden = ![...moves.children].some((n) => !n.hidden);
    fill(controls, (table ? controlsView(table) : []));
    controls.hidden = !controls.childElementCount;
    const said = (hand ? hand.lines : table?.lines) ?? [];
    morph(described, said.map((l) => el("p", { textContent: l })));
    described.hidden = !said.length;
    storyView(table ? (hand?.story?.length ? hand.story : table.story) ?? [] : []);
    story.setAttribute("aria-label", w("story_region") ?? "");
    fill(extras, extrasView(table));
  }

  function headerView(table, scene) {
    if (!table) return s.setup ? [el("h1", { textContent: s.setup.title })] : [];
    const notes = scene?.notes ?? [];
    return [
      el("h1", { textContent: table.game }),
      notes.length ? el("ul", { className: "notes" }, notes.map((n) => el("li", { textContent: n }))) : null,
    ];
  }

  function storyView(list) {
    const old = [...story.children].map((p) => p.textContent);
    let keep = Math.min(old.length, list.length);
    while (keep > 0) {
      const tail = old.slice(old.length - keep);
      if (tail.every((t, i) => t === list[i])) break;
      keep -= 1;
    }
    // Remove the lines that fell out, add the new ones: only those are read out.
    for (let i = 0; i < old.length - keep; i += 1) story.firstElementChild.remove();
    for (const line of list.slice(keep)) story.append(el("p", { textContent: line }));
    story.hidden = !list.length;
  }

  // ----- the felt -----

  /// The seats in the order they sit: the person's own (or the first) at the bottom, then the
  /// others in play order: the left side, across the top, the right side.
  function placement(table, scene) {
    const seats = [...scene.seats].sort((a, b) => a.seat - b.seat);
    let own = scene.viewer;
    if (own == null) {
      const you = table.seats.findIndex((t) => t.you);
      own = you >= 0 ? you : null;
    }
    const at = Math.max(0, seats.findIndex((x) => x.seat === own));
    const ordered = [...seats.slice(at), ...seats.slice(0, at)];
    const bottom = ordered[0] ?? null;
    const others = ordered.slice(1);
    const place = new Map();
    let left = [];
    let right = [];
    let top = others;
    if (others.length >= 3) {
      left = [others[0]];
      right = [others[others.length - 1]];
      top = others.slice(1, -1);
    }
    for (const x of left) place.set(x.seat, "left");
    for (const x of top) place.set(x.seat, "top");
    for (const x of right) place.set(x.seat, "right");
    if (bottom) place.set(bottom.seat, "bottom");
    return { bottom, left, top, right, place, own: own != null && bottom?.seat === own };
  }

  function feltView(table, scene, hand) {
    if (!scene) {
      return [table.lobby ? lobbyView(table.lobby) : seatList(table), participantsView()];
    }
    const { bottom, left, top, right, place, own } = placement(table, scene);
    const seatBox = (x) => seatView(table, scene, x, own && x === bottom);
    return [
      el("div", { className: "side-seats left" }, left.map(seatBox)),
      el("div", { className: "top-seats" }, top.map(seatBox)),
      el("div", { className: "side-seats right" }, right.map(seatBox)),
      centreView(scene, place),
      el("div", { className: "bottom-seat" }, bottom ? seatBox(bottom) : null),
    ];
  }

  /// The seats of a table drawn without a scene (a game that has not begun).
  function seatList(table) {
    return el(
      "ul",
      { className: "seat-list" },
      table.seats.map((x, i) =>
        el(
          "li",
          { className: [x.to_act ? "to-act" : "", x.you ? "you" : ""].join(" ").trim() },
          el("span", { className: "name", textContent: x.name, title: x.name }),
          table.scores?.[i] ? el("span", { className: "score", textContent: table.scores[i] }) : null,
        ),
      ),
    );
  }

  function seatView(table, scene, x, own) {
    const score = table.scores?.[x.seat];
    const classes = ["seat", `mark-${x.mark ?? "none"}`];
    if (x.to_act) classes.push("to-act");
    if (own) classes.push("own");
    if (table.seats[x.seat]?.you) classes.push("you");
    const fan = [];
    const shown = Math.min(x.hand ?? 0, 8);
    for (let i = 0; i < shown; i += 1) {
      fan.push(
        el(
          "span",
          { className: "card mini back", dataset: { key: `b${x.seat}-${i}`, zone: "fan", seat: x.seat } },
          cardSvg(null),
        ),
      );
    }
    return el(
      "div",
      {
        className: classes.join(" "),
        dataset: { seatBox: x.seat },
        role: "group",
        attrs: {
          "aria-label": [x.name, score].filter((v) => v != null && v !== "").join(", "),
          "aria-current": x.to_act ? "true" : null,
        },
      },
      el(
        "div",
        { className: "seat-head" },
        el("span", { className: "name", textContent: x.name, title: x.name }),
        score != null && score !== "" ? el("span", { className: "score", textContent: score }) : null,
      ),
      x.lines?.length ? el("div", { className: "seat-lines" }, x.lines.map((l) => el("p", { textContent: l }))) : null,
      !own && (shown || x.hand_text)
        ? el(
            "div",
            { className: "fan-row" },
            el("div", { className: "fan", dataset: { fan: x.seat } }, fan),
            x.hand_text ? el("span", { className: "hand-text", textContent: x.hand_text }) : null,
          )
        : null,
      x.piles?.length
        ? el("div", { className: "piles" }, x.piles.map((p, i) => pileView(p, `s${x.seat}p${i}`, "pile", x.seat)))
        : null,
    );
  }

  /// A card drawn on the felt (not a button): its face, its spoken name.
  function feltCard(card, key, zone, seat, extra = "") {
    return el(
      "span",
      {
        className: `card ${card == null ? "back" : ""} ${extra}`.trim(),
        role: "img",
        attrs: { "aria-label": cardName(card) },
        dataset: { key: card == null ? key : `c${card}`, zone, seat: seat ?? undefined },
      },
      cardSvg(card),
    );
  }

  function pileView(pile, key, zone, seat = null) {
    const cards = pile.cards ?? [];
    let drawn;
    if (pile.spread === "row") {
      drawn = cards.map((c, i) => feltCard(c, `${key}-${i}`, zone, seat));
    } else {
      const topCard = cards.length ? cards[cards.length - 1] : undefined;
      drawn = [
        topCard !== undefined
          ? feltCard(topCard, `${key}-top`, zone, seat)
          : el("span", { className: "card slot", attrs: { "aria-hidden": "true" } }),
        pile.count > 1 ? el("span", { className: "count", textContent: String(pile.count) }) : null,
      ];
    }
    return el(
      "div",
      {
        className: `pile ${pile.spread === "row" ? "row" : "stack"} mark-${pile.mark ?? "none"}`,
        role: "group",
        attrs: { "aria-label": pile.label ?? null },
      },
      pile.label ? el("span", { className: "pile-label", textContent: pile.label }) : null,
      el("div", { className: "pile-cards" }, drawn),
      pile.on_top ? el("span", { className: "on-top", textContent: pile.on_top }) : null,
    );
  }

  function centreView(scene, place) {
    const trick = scene.trick ?? [];
    const cells = { top: [], left: [], right: [], bottom: [] };
    for (const t of trick) {
      const where = place.get(t.seat) ?? "top";
      cells[where].push(
        feltCard(t.card, `t${t.seat}`, "trick", t.seat, t.seat === scene.trick_leader ? "leader" : ""),
      );
    }
    return el(
      "div",
      { className: "centre" },
      scene.middle?.length
        ? el("div", { className: "middle" }, scene.middle.map((p, i) => pileView(p, `m${i}`, "middle")))
        : null,
      trick.length
        ? el(
            "div",
            { className: "trick", role: "group", attrs: { "aria-label": w("trick_region") } },
            Object.entries(cells).map(([where, list]) => el("div", { className: `t-${where}` }, list)),
          )
        : null,
    );
  }

  // ----- the lobby and the people -----

  function lobbyView(lobby) {
    return el(
      "div",
      { className: "lobby" },
      el(
        "ul",
        { className: "lobby-seats" },
        lobby.seats.map((x) =>
          el(
            "li",
            { className: `state-${x.state}` },
            el("span", { className: "seat-no", textContent: String(x.seat + 1), attrs: { "aria-hidden": "true" } }),
            el("span", { className: "name", textContent: x.name ?? "", title: x.name ?? "" }),
          ),
        ),
      ),
      lobby.text ? el("p", { className: "lobby-text", textContent: lobby.text }) : null,
    );
  }

  function avatar(p) {
    const name = p.global_name || p.username || "";
    const initials = el("span", {
      className: "avatar initials",
      textContent: [...name][0]?.toUpperCase() ?? "",
      attrs: { "aria-hidden": "true" },
    });
    // Inside Discord an Activity reaches Discord's CDN only through its URL mapping
    // (`/discord-cdn` → `cdn.discordapp.com`, README "The Activity"); elsewhere (a test's frame)
    // a person is shown by their initial.
    if (!p.avatar || !location.hostname.endsWith("discordsays.com")) return initials;
    const img = el("img", {
      className: "avatar",
      alt: "",
      width: 32,
      height: 32,
      src: `/.proxy/discord-cdn/avatars/${p.id}/${p.avatar}.png?size=64`,
    });
    img.addEventListener("error", () => img.replaceWith(initials), { once: true });
    return img;
  }

  function participantsView() {
    if (!s.participants.length) return null;
    return el(
      "section",
      { className: "participants", attrs: { "aria-label": w("participants") } },
      w("participants") ? el("h2", { textContent: w("participants") }) : null,
      el(
        "ul",
        {},
        s.participants.map((p) => {
          const name = p.global_name || p.username || "";
          return el("li", { title: name }, avatar(p), el("span", { className: "name", textContent: name }));
        }),
      ),
    );
  }

  // ----- the hand and its moves -----

  /// Which moves each card of the hand belongs to, and which card plays one move by itself.
  function mapping(hand, scene) {
    const inHand = new Set();
    for (const g of scene?.hand?.groups ?? []) for (const c of g) inHand.add(c.card);
    const byCard = new Map();
    const loose = [];
    for (const a of hand.actions) {
      const cards = a.cards ?? [];
      if (!cards.length || cards.some((c) => !inHand.has(c))) {
        loose.push(a);
        continue;
      }
      for (const c of cards) {
        if (!byCard.has(c)) byCard.set(c, []);
        byCard.get(c).push(a);
      }
    }
    const direct = new Map();
    for (const [c, list] of byCard) {
      if (list.length === 1 && list[0].cards.length === 1) direct.set(c, list[0]);
    }
    const choosing = [...byCard.keys()].some((c) => !direct.has(c));
    return { inHand, byCard, direct, loose, choosing };
  }

  function handView(hand, scene) {
    const groups = scene?.hand?.groups ?? [];
    const { byCard, direct } = mapping(hand, scene);
    // Cards no longer in the hand leave the selection.
    for (const c of [...s.selection]) if (!byCard.has(c)) s.selection.delete(c);
    return [
      el(
        "div",
        { className: "hand-cards" },
        groups.map((g) =>
          el(
            "div",
            { className: "hand-group" },
            g.map((c) => cardButton(hand, c, byCard.get(c.card) ?? [], direct.get(c.card))),
          ),
        ),
      ),
    ];
  }

  function cardButton(hand, c, uses, plays) {
    const usable = uses.length > 0 && c.legal !== false;
    const selected = s.selection.has(c.card);
    const button = el(
      "button",
      {
        type: "button",
        className: ["card-btn", usable ? "legal" : "dim", selected ? "selected" : ""].join(" ").trim(),
        disabled: !s.live,
        dataset: {
          key: c.card == null ? undefined : `c${c.card}`,
          zone: "hand",
          card: c.card ?? undefined,
          actions: uses.map((a) => a.index).join(" "),
          play: plays ? plays.index : undefined,
          focus: `card-${c.card}`,
        },
        attrs: {
          "aria-label": plays ? (plays.spoken ?? cardName(c.card)) : cardName(c.card),
          "aria-disabled": usable ? null : "true",
          "aria-pressed": usable && !plays ? String(selected) : null,
        },
      },
      cardSvg(c.card),
    );
    return button;
  }

  // A card of the hand pressed: the hand listens for all of them (its buttons are kept from
  // frame to frame), and reads the card's moves from the hand now.
  handBox.addEventListener("click", (event) => {
    const button = event.target.closest?.(".card-btn");
    const hand = handOf();
    if (!button || !hand || button.dataset.card == null) return;
    const card = Number(button.dataset.card);
    const { byCard, direct } = mapping(hand, s.scene);
    const legal = (s.scene?.hand?.groups ?? []).flat().some((c) => c.card === card && c.legal !== false);
    if (!legal || !byCard.has(card)) return;
    const plays = direct.get(card);
    if (plays) trigger(plays, button.dataset.focus);
    else toggle(card);
  });

  /// Selects or unselects a card; a card that fits no move with the others starts a new selection.
  function toggle(card) {
    if (s.selection.has(card)) s.selection.delete(card);
    else {
      const next = [...s.selection, card];
      const hand = handOf();
      const fits = hand.actions.some((a) => next.every((c) => (a.cards ?? []).includes(c)));
      if (!fits) s.selection.clear();
      s.selection.add(card);
    }
    s.confirming = null;
    draw();
  }

  /// Plays a move (asking first when it asks).
  function trigger(action, from) {
    if (action.confirm && s.confirming?.index !== action.index) {
      s.confirming = { kind: "move", index: action.index, text: action.confirm, from };
      draw(false);
      asking.querySelector(".confirm .action")?.focus();
      return;
    }
    s.confirming = null;
    const hand = handOf();
    if (!hand) return;
    ask({ type: "move", table: hand.table, move_number: hand.move_number, index: action.index });
  }

  function control(c, choice, from) {
    if (c.confirm && !(s.confirming?.kind === "control" && s.confirming.action === c.action)) {
      s.confirming = { kind: "control", action: c.action, choice, text: c.confirm, control: c, from };
      draw(false);
      asking.querySelector(".confirm .action")?.focus();
      return;
    }
    s.confirming = null;
    const frame = { type: "act", table: s.table.table, action: c.action };
    if (choice != null) frame.choice = choice;
    ask(frame);
  }

  function confirmView(hand, table) {
    const c = s.confirming;
    if (!c) return [];
    const yes = () => {
      if (c.kind === "move") {
        const action = hand?.actions.find((a) => a.index === c.index);
        if (action) trigger(action);
      } else if (table) control(c.control, c.choice);
      draw(false);
    };
    const no = () => {
      s.confirming = null;
      draw(false);
      if (c.from) app.querySelector(`[data-focus="${CSS.escape(c.from)}"]`)?.focus();
    };
    return [
      el(
        "div",
        { className: "confirm", role: "alertdialog", attrs: { "aria-label": c.text } },
        el("p", { textContent: c.text }),
        el("button", {
          type: "button",
          className: "action main",
          textContent: w("confirm_yes"),
          disabled: !s.live,
          dataset: { focus: "confirm-yes" },
          onclick: yes,
        }),
        el("button", {
          type: "button",
          className: "action other",
          textContent: w("confirm_no"),
          dataset: { focus: "confirm-no" },
          onclick: no,
        }),
      ),
    ];
  }

  function actionButton(a) {
    return el("button", {
      type: "button",
      className: `action ${a.tone ?? "main"}`,
      textContent: a.label,
      disabled: !s.live,
      dataset: { index: a.index, focus: `act-${a.index}` },
      attrs: { "aria-label": a.spoken ?? null },
      onclick: () => trigger(a, `act-${a.index}`),
    });
  }

  function movesView(hand) {
    const scene = hand.scene;
    const { loose, choosing, direct } = mapping(hand, scene);
    const plain = new Set(direct.values());
    const chosen = [...s.selection];
    const offers = chosen.length
      ? hand.actions.filter((a) => (a.cards ?? []).length && same(a.cards, chosen) && !loose.includes(a))
      : [];
    const groups = new Map();
    for (const a of loose) {
      const key = `${a.row}|${a.group ?? ""}`;
      if (!groups.has(key)) groups.set(key, { row: a.row, group: a.group, actions: [] });
      groups.get(key).actions.push(a);
    }
    return [
      choosing && !offers.length && w("choose_cards")
        ? el("p", { className: "choose", textContent: w("choose_cards") })
        : null,
      offers.length || chosen.length
        ? el(
            "div",
            { className: "actions chosen" },
            offers.map(actionButton),
            chosen.length
              ? el("button", {
                  type: "button",
                  className: "action other clear",
                  textContent: w("clear_selection"),
                  dataset: { focus: "clear" },
                  onclick: () => {
                    s.selection.clear();
                    draw();
                  },
                })
              : null,
          )
        : null,
      [...groups.values()].map((g) =>
        el(
          "div",
          { className: `actions ${g.row ?? ""}`, role: g.group ? "group" : null, attrs: { "aria-label": g.group } },
          g.group ? el("h3", { textContent: g.group, attrs: { "aria-hidden": "true" } }) : null,
          g.actions.map(actionButton),
        ),
      ),
      hand.hint
        ? el("button", {
            type: "button",
            className: "action other hint",
            textContent: hand.hint,
            disabled: !s.live,
            dataset: { focus: "hint" },
            onclick: () => ask({ type: "hint", table: hand.table, move_number: hand.move_number }),
          })
        : null,
      s.hintText ? el("p", { className: "hint-text", textContent: s.hintText }) : null,
      // Every move offered, as data (what the tests read): its index, label, tone and cards.
      el(
        "ul",
        { className: "offered", hidden: true },
        hand.actions.map((a) =>
          el("li", {
            dataset: {
              index: a.index,
              label: a.label,
              tone: a.tone ?? "main",
              cards: (a.cards ?? []).join(" "),
              way: loose.includes(a) ? "button" : plain.has(a) ? "card" : "select",
            },
          }),
        ),
      ),
    ];
  }

  // ----- controls, setup, extras -----

  // The value chosen in each control's choice (a computer player's level), by action.
  const chosen = new Map();

  function controlsView(table) {
    const list = table.controls ?? [];
    const parts = list.map((c) => {
      if (!c.choices?.length) {
        return el("button", {
          type: "button",
          className: `action ${c.tone ?? "other"}`,
          textContent: c.label,
          disabled: !s.live,
          dataset: { action: c.action, focus: `ctl-${c.action}` },
          onclick: () => control(c, null, `ctl-${c.action}`),
        });
      }
      const id = `ctl-${c.action}`;
      const select = el(
        "select",
        { id: `${id}-choice`, dataset: { choiceFor: c.action, focus: `${id}-choice` }, attrs: { "aria-labelledby": id } },
        c.choices.map((x) => el("option", { value: x.value, textContent: x.label })),
      );
      // The value chosen outlives the frames that draw the control again.
      if (chosen.has(c.action)) select.value = chosen.get(c.action);
      select.addEventListener("change", () => chosen.set(c.action, select.value));
      return el(
        "div",
        { className: "control-choice" },
        select,
        el("button", {
          type: "button",
          id,
          className: `action ${c.tone ?? "other"}`,
          textContent: c.label,
          disabled: !s.live,
          dataset: { action: c.action, focus: id },
          onclick: () => control(c, select.value, id),
        }),
      );
    });
    if (table.take) {
      parts.push(
        el("button", {
          type: "button",
          className: "action other take",
          textContent: table.take.label,
          disabled: !s.live,
          dataset: { focus: "take" },
          onclick: () => ask({ type: "take", table: table.table, seat: table.take.seat }),
        }),
      );
    }
    if (!parts.length) return [];
    return [el("div", { className: "actions controls-row" }, parts)];
  }

  function setupView() {
    const setup = s.setup;
    if (!setup) return [];
    const games = setup.games ?? [];
    if (!s.form || !games.some((g) => g.id === s.form.game)) {
      const g = games[0];
      s.form = {
        game: g?.id,
        seats: g?.seats.default ?? 2,
        bots: 0,
        level: setup.levels?.[0]?.value,
        options: {},
      };
    }
    const form = s.form;
    const game = games.find((g) => g.id === form.game);
    const labels = setup.labels ?? {};
    const field = (label, control) => el("label", { className: "field" }, el("span", { textContent: label }), control);
    const seats = el("input", {
      type: "number",
      id: "setup-seats",
      min: game?.seats.min,
      max: game?.seats.max,
      value: form.seats,
      inputMode: "numeric",
    });
    const bots = el("input", {
      type: "number",
      id: "setup-bots",
      min: 0,
      max: Math.max(0, form.seats - 1),
      value: form.bots,
      inputMode: "numeric",
    });
    seats.addEventListener("change", () => {
      const n = Math.round(Number(seats.value));
      form.seats = Math.min(game.seats.max, Math.max(game.seats.min, Number.isFinite(n) ? n : game.seats.default));
      seats.value = form.seats;
      bots.max = form.seats - 1;
      if (form.bots > form.seats - 1) bots.value = form.bots = form.seats - 1;
    });
    bots.addEventListener("change", () => {
      const n = Math.round(Number(bots.value));
      form.bots = Math.min(form.seats - 1, Math.max(0, Number.isFinite(n) ? n : 0));
      bots.value = form.bots;
    });
    const level = el(
      "select",
      { id: "setup-level" },
      (setup.levels ?? []).map((l) => el("option", { value: l.value, textContent: l.label, selected: l.value === form.level })),
    );
    level.addEventListener("change", () => {
      form.level = level.value;
    });
    const options = (game?.options ?? []).map((o) => {
      const choices = [...o.choices];
      if (!choices.some((x) => x.value === o.default)) choices.unshift({ value: o.default, label: o.default });
      const current = form.options[o.name] ?? o.default;
      const select = el(
        "select",
        { dataset: { option: o.name } },
        choices.map((x) => el("option", { value: x.value, textContent: x.label, selected: x.value === current })),
      );
      select.addEventListener("change", () => {
        form.options[o.name] = select.value;
      });
      return field(o.label, select);
    });
    const picker = el(
      "fieldset",
      { className: "games" },
      el("legend", { textContent: labels.game }),
      games.map((g) => {
        const radio = el("input", { type: "radio", name: "game", value: g.id, checked: g.id === form.game });
        radio.addEventListener("change", () => {
          form.game = g.id;
          form.seats = g.seats.default;
          form.bots = Math.min(form.bots, form.seats - 1);
          form.options = {};
          draw(false);
          setupBox.querySelector(`input[name="game"][value="${CSS.escape(g.id)}"]`)?.focus();
        });
        return el(
          "label",
          { className: "game-choice" },
          radio,
          el("span", { className: "game-name", textContent: g.name }),
          g.summary ? el("span", { className: "game-summary", textContent: g.summary }) : null,
        );
      }),
    );
    const submit = (event) => {
      event.preventDefault();
      if (!game) return;
      const chosen = {};
      for (const o of game.options ?? []) {
        const v = form.options[o.name];
        if (v != null && v !== o.default) chosen[o.name] = v;
      }
      ask({ type: "open", game: form.game, seats: form.seats, bots: form.bots, level: form.level, options: chosen });
    };
    const node = el(
      "form",
      { className: "setup-form" },
      setup.text ? el("p", { className: "setup-text", textContent: setup.text }) : null,
      picker,
      el(
        "div",
        { className: "fields" },
        field(labels.seats, seats),
        options,
        field(labels.computers, bots),
        field(labels.level, level),
      ),
      el("button", { type: "submit", className: "action main open", textContent: labels.open, disabled: !s.live }),
    );
    node.addEventListener("submit", submit);
    return [node, participantsView()];
  }

  function extrasView(table) {
    const out = [];
    if (s.board) {
      out.push(
        el(
          "details",
          { className: "board", open: true },
          el("summary", { textContent: s.board.title }),
          lines(s.board.lines, "board-lines"),
        ),
      );
    }
    const rules = s.rules && table && s.rules.table === table.table ? s.rules : null;
    if (rules) {
      out.push(
        el(
          "details",
          { className: "rules" },
          el("summary", { textContent: rules.label }),
          el("p", { textContent: rules.summary }),
          rules.words?.length ? el("h3", { textContent: rules.words_title }) : null,
          (rules.words ?? []).map((x) => el("p", { textContent: x })),
        ),
      );
    }
    return out;
  }

  /// Draws now what is waiting for the next paint.
  function flush() {
    if (pending) draw();
  }

  return { frame, setLive, setParticipants, setWords, draw, flush, state: s };
}
