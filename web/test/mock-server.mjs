// A stand-in for the bot's web edge (development only): serves the built window (dist/) and the
// test pages, answers /api/config, /api/cards (the preview's stub faces), /api/token and
// /api/session, and on /api/ws sends a fixture's frames (test/fixtures/NAME.json: NAME the part of
// the Activity instance's id after a colon, `instance=i:teka`, else $FIXTURE, else paskahousu),
// then its `next` frames after the first move it receives. What the window sends is printed.
// Lets test/table.mjs be tried without the server:
//
//   node test/mock-server.mjs 8099   then open /test/frame.html?code=x&instance=i&user_id=1&username=Alice
//
// A test tool can also start it itself (test/bench.mjs): `startMock({ port, fixture })` answers
// `{ port, sockets, push(frame), close() }`, `push` sending a frame to every socket open.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const words = JSON.parse(readFileSync(join(here, "fixtures/words.json"), "utf8"));
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };

function sprite() {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg"><defs>';
  for (let n = 0; n < 123; n += 1) {
    svg += `<symbol id="c${n}" viewBox="0 0 100 140"><rect x="2" y="2" width="96" height="136" rx="9" fill="#fbfaf4" stroke="#444" stroke-width="3"/><text x="50" y="84" font-size="44" text-anchor="middle" fill="#222">${n}</text></symbol>`;
  }
  svg += '<symbol id="back" viewBox="0 0 100 140"><rect x="2" y="2" width="96" height="136" rx="9" fill="#7a1f2b"/></symbol></defs></svg>';
  return svg;
}

function handle(req, res) {
  const url = new URL(req.url, "http://x");
  const json = (v, status = 200) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(v));
  };
  if (url.pathname === "/api/config") return json({ client_id: "1", shards: 1, words });
  if (url.pathname === "/api/cards")
    return json({ svg: sprite(), names: Array.from({ length: 123 }, (_, n) => `card ${n}`), back: "back" });
  if (url.pathname === "/api/token") return json({ access_token: "t", session: "s1" });
  if (url.pathname === "/api/session") return json({});
  let path = url.pathname.startsWith("/test/") ? join(root, url.pathname) : join(root, "dist", url.pathname);
  try {
    const body = readFileSync(path);
    res.writeHead(200, { "Content-Type": types[extname(path)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}

function textFrame(text) {
  const data = Buffer.from(text);
  const head =
    data.length < 126
      ? Buffer.from([0x81, data.length])
      : data.length < 65536
        ? Buffer.from([0x81, 126, data.length >> 8, data.length & 255])
        : (() => {
            const b = Buffer.alloc(10);
            b[0] = 0x81;
            b[1] = 127;
            b.writeBigUInt64BE(BigInt(data.length), 2);
            return b;
          })();
  return Buffer.concat([head, data]);
}

function readFrames(buffer, onText) {
  let at = 0;
  while (buffer.length - at >= 6) {
    const op = buffer[at] & 15;
    let len = buffer[at + 1] & 127;
    let off = at + 2;
    if (len === 126) {
      len = buffer.readUInt16BE(off);
      off += 2;
    } else if (len === 127) {
      len = Number(buffer.readBigUInt64BE(off));
      off += 8;
    }
    if (buffer.length < off + 4 + len) break;
    const mask = buffer.subarray(off, off + 4);
    const data = Buffer.from(buffer.subarray(off + 4, off + 4 + len)).map((b, i) => b ^ mask[i % 4]);
    if (op === 1) onText(data.toString());
    at = off + 4 + len;
  }
  return buffer.subarray(at);
}

/// Starts the stand-in on `port` (0: any free port). `fixture`: the frames sent to each socket
/// (null: none, the caller pushes its own); `log`: what to do with what a window sends.
export function startMock({ port = 0, fixture = "paskahousu", log = (text) => console.log(`received ${text}`) } = {}) {
  const sockets = new Set();
  const server = createServer(handle);
  server.on("upgrade", (req, socket) => {
    const accept = createHash("sha1")
      .update(`${req.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        `Sec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: pakka\r\n\r\n`,
    );
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    const instance = new URL(req.url, "http://x").searchParams.get("instance") ?? "";
    const name = instance.includes(":") ? instance.slice(instance.indexOf(":") + 1) : fixture;
    const f = name ? JSON.parse(readFileSync(join(here, `fixtures/${name}.json`), "utf8")) : { frames: [] };
    for (const frame of f.frames) socket.write(textFrame(JSON.stringify(frame)));
    let rest = Buffer.alloc(0);
    let moved = false;
    socket.on("data", (chunk) => {
      rest = readFrames(Buffer.concat([rest, chunk]), (text) => {
        log(text);
        if (!moved && f.next && JSON.parse(text).type === "move") {
          moved = true;
          for (const frame of f.next) socket.write(textFrame(JSON.stringify(frame)));
        }
      });
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) => {
    server.listen(port, () =>
      resolve({
        port: server.address().port,
        sockets,
        push(frame) {
          const data = textFrame(JSON.stringify(frame));
          for (const socket of sockets) socket.write(data);
        },
        close() {
          for (const socket of sockets) socket.destroy();
          return new Promise((done) => server.close(done));
        },
      }),
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fixture = process.env.FIXTURE ?? "paskahousu";
  const mock = await startMock({ port: Number(process.argv[2] ?? 8099), fixture });
  console.log(`mock on ${mock.port} (${fixture})`);
}
