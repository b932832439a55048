"""Usage: python3 tests/tools/engine_compare.py OLD_PAKKA NEW_PAKKA SCRIPT_OUT

Drives `pakka engine` of the old binary through seeded random games of every game and
configuration (with views, state, refused and malformed lines mixed in), records the command
lines, then feeds the same lines to the new binary and compares every answer byte for byte."""
import json, random, subprocess, sys

OLD, NEW, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
GAMES = [
    ("pisha-pasha", [2, 3], [{}, {"variant": "single_foundation"}, {"variant": "book"}, {"stop_rule": True}]),
    ("paskahousu", [2, 3, 4, 5], [{}, {"open_any_card": True}, {"draw_and_try": False}]),
    ("poytapaska", [2, 3, 4], [{}, {"court_min_top": "7"}]),
    ("paston", [3], [{}]),
    ("teka", [4], [{}, {"shuffle_every_deal": True}]),
    ("red7", [2, 3, 4], [{}, {"advanced": True}]),
    ("matapesa", [3, 4, 5], [{}]),
    ("kop", [4], [{}]),
    ("whist22", [3, 4], [{}, {"bga_sequence": True}, {"blind_one_card_round": True}]),
]
rng = random.Random(28)
p = subprocess.Popen([OLD, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
lines, answers = [], []
def send(obj_or_text):
    line = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
    p.stdin.write(line + "\n"); p.stdin.flush()
    ans = p.stdout.readline()
    lines.append(line); answers.append(ans)
    return json.loads(ans)
send("not json"); send({"cmd": "legal"}); send({"cmd": "fly"})
for game, seat_counts, options in GAMES:
    for seats in seat_counts:
        for opts in options:
            for seed in range(1, 4):
                a = send({"cmd": "new", "game": game, "seats": seats, "seed": seed, "options": opts})
                if not a.get("ok"):
                    continue
                for step in range(3000):
                    st = a["status"]
                    if st["over"]:
                        send({"cmd": "act", "seat": 0, "action": "pass"})
                        break
                    seat = st["to_act"][0]
                    if step % 7 == 0:
                        send({"cmd": "view", "seat": rng.randrange(seats)})
                    if step % 23 == 0:
                        send({"cmd": "state"})
                    if step % 11 == 0:
                        send({"cmd": "act", "seat": (seat + 1) % seats, "action": {"play": "AS"}})
                    legal = send({"cmd": "legal", "seat": seat})
                    actions = legal.get("actions") or []
                    if not actions:
                        break
                    a = send({"cmd": "act", "seat": seat, "action": rng.choice(actions)})
                    if not a.get("ok"):
                        break
p.stdin.close(); p.wait()
open(OUT, "w").write("\n".join(lines) + "\n")
new = subprocess.run([NEW, "engine"], input="\n".join(lines) + "\n", capture_output=True, text=True)
new_answers = new.stdout.splitlines(keepends=True)
diff = [i for i, (x, y) in enumerate(zip(answers, new_answers)) if x != y]
print(f"{len(lines)} lines; old answered {len(answers)}, new {len(new_answers)}; {len(diff)} differ")
for i in diff[:5]:
    print("LINE", lines[i][:200]); print("OLD ", answers[i][:300]); print("NEW ", new_answers[i][:300])
