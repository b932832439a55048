// The cards' faces and spoken names: `/api/cards` asked once (the browser keeps it a day), its
// SVG sprite put in the document once (hidden), and a card drawn as a small SVG that uses the
// sprite's symbol (`#cN`, `#back` for a face-down card). The names are the ones a screen reader
// says, in the person's language, by card number; nothing here is worded by the window.

const SVG = "http://www.w3.org/2000/svg";

/// The spoken names, by card number, and the name of a face-down card.
export const cardNames = { names: [], back: "" };

/// Puts a sprite (an SVG document's text whose <defs> hold the symbols) in the document.
export function installSprite(svgText) {
  let holder = document.getElementById("card-sprite");
  if (!holder) {
    holder = document.createElement("div");
    holder.id = "card-sprite";
    holder.hidden = true;
    holder.setAttribute("aria-hidden", "true");
    document.body.prepend(holder);
  }
  holder.innerHTML = svgText;
}

/// Asks the server for the cards once: their sprite and names.
export async function loadCards(prefix, shard, locale) {
  const answer = await fetch(
    `${prefix}/api/cards?locale=${encodeURIComponent(locale)}&shard=${shard}`,
  );
  if (!answer.ok) throw new Error(String(answer.status));
  const body = await answer.json();
  installSprite(body.svg);
  cardNames.names = body.names ?? [];
  cardNames.back = body.back ?? "";
}

/// The spoken name of card `n` (`null`: face down).
export function cardName(n) {
  return n == null ? cardNames.back : (cardNames.names[n] ?? String(n));
}

const drawn = new Map();

/// A card's picture: the sprite's symbol of card `n` (`null`: its back), a copy of the one made
/// the first time.
export function cardSvg(n) {
  let svg = drawn.get(n);
  if (!svg) {
    svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 140");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.classList.add("face");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", n == null ? "#back" : `#c${n}`);
    svg.append(use);
    drawn.set(n, svg);
  }
  return svg.cloneNode(true);
}
