#!/usr/bin/env bash
# Bench of `haifu verify FILE.db` (issue 30): builds Phoenix log databases of N games (the
# real corpus repeated under new log ids, nothing committed) in a temporary folder, with the
# same N games as files beside them (hard links to the corpus's files, under the same new
# names), then times, paired and alternated:
#
#   db-bz2   a phoenix-logs database (bzip2, as that downloader stores its logs)
#   db-gz    a houou-logs database (gzip)
#   files    the same games as files in one folder
#
# at --jobs 1 and --jobs 2, each with /usr/bin/time -v (wall time, CPU time, peak memory),
# and the load average before each run (the machine may be shared).
#
#   scripts/logdb-bench.sh [GAMES] [ROUNDS]     # default 200000 games, 2 rounds
#
# HAIFU_TENHOU_CORPUS names the corpus (default ../shared/corpus/tenhou); HAIFU_BENCH_DIR the
# folder to build in (default a new one under $TMPDIR, removed at the end unless
# HAIFU_BENCH_KEEP=1).
set -euo pipefail
games=${1:-200000}
rounds=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${HAIFU_TENHOU_CORPUS:-$root/../shared/corpus/tenhou}
dir=${HAIFU_BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/haifu-logdb-bench.XXXXXX")}
if [ "${HAIFU_BENCH_KEEP:-0}" != 1 ]; then
  trap 'rm -rf "$dir"' EXIT
fi
[ -f "$corpus/MANIFEST.tsv" ] || { echo "no corpus at $corpus (set HAIFU_TENHOU_CORPUS)" >&2; exit 2; }

cargo build --release -p haifu-cli --quiet
haifu=${CARGO_TARGET_DIR:-$root/target}/release/haifu

echo "building $games games in $dir" >&2
python3 - "$corpus" "$dir" "$games" <<'EOF'
import bz2, gzip, os, re, sqlite3, sys, zlib

corpus, out, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
names = sorted(n for n in os.listdir(corpus) if n.endswith(".xml"))
logs = []
for n in names:
    xml = open(os.path.join(corpus, n), "rb").read()
    m = re.search(rb'<GO type="(\d+)"', xml)
    go = int(m.group(1)) if m else 0
    # Compressed once per game; every copy stores the same bytes under a new id.
    logs.append((n[:-4], go, bz2.compress(xml, 9), gzip.compress(xml, 9)))
gid = re.compile(r"^(\d{10}gm-[0-9a-f]{4}-\d+-)[0-9a-f]{8}$")

def new_id(original, copy):
    # A game id keeps its date, type and lobby (its era and rules) and gets a new hash;
    # a name without one gets a suffix.
    m = gid.match(original)
    if m:
        return "%s%08x" % (m.group(1), (copy * 7919 + zlib.crc32(original.encode())) & 0xFFFFFFFF)
    return "%s-copy%06d" % (original, copy)

files = os.path.join(out, "files")
os.makedirs(files, exist_ok=True)
p = sqlite3.connect(os.path.join(out, "phoenix.db"))
p.execute("CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, is_sanma int, is_processed int, was_error int, log_content text, log_hash text)")
h = sqlite3.connect(os.path.join(out, "houou.db"))
h.execute("CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT NOT NULL, num_players INTEGER NOT NULL, is_tonpu INTEGER NOT NULL, is_processed INTEGER NOT NULL, was_error INTEGER NOT NULL, log BLOB) WITHOUT ROWID")
seen = set()
made, copy = 0, 0
while made < total:
    for (orig, go, bz, gz) in logs:
        if made >= total:
            break
        i = new_id(orig, copy)
        if i in seen:
            continue
        seen.add(i)
        date = "%s-%s-%s %s:00" % (i[0:4], i[4:6], i[6:8], i[8:10]) if i[:10].isdigit() else "2000-01-01 00:00"
        tonpu, sanma = int(go & 0x08 == 0), int(go & 0x10 != 0)
        p.execute("INSERT INTO logs VALUES (?,?,?,?,1,0,?,'')", (i, date, tonpu, sanma, bz))
        h.execute("INSERT INTO logs VALUES (?,?,?,?,1,0,?)", (i, date.replace(" ", "T"), 3 if sanma else 4, tonpu, gz))
        os.link(os.path.join(corpus, orig + ".xml"), os.path.join(files, i + ".xml"))
        made += 1
    copy += 1
p.commit(); h.commit()
EOF
ls -la "$dir" >&2

# One timed run: prints "label jobs wall_s cpu_s peak_MB load1 games".
measure() {
  local label=$1 jobs=$2 input=$3 load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -v -o "$dir/time.txt" "$haifu" verify "$input" --jobs "$jobs" --format jsonl \
    --progress never >"$dir/out.jsonl" 2>"$dir/err.txt" || true
  local wall user sys rss summary
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt" |
    awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  user=$(awk -F': ' '/User time/ {print $2}' "$dir/time.txt")
  sys=$(awk -F': ' '/System time/ {print $2}' "$dir/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
  summary=$(tail -n 1 "$dir/out.jsonl" | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["games"], s["games_conforming"])')
  printf '%-7s %s %8.2f %8.2f %7.1f %5s %s\n' "$label" "$jobs" "$wall" \
    "$(echo "$user + $sys" | bc)" "$(echo "$rss / 1024" | bc -l)" "$load" "$summary"
}

echo "label  jobs   wall_s    cpu_s peak_MB load1 games conforming"
for _ in $(seq "$rounds"); do
  for jobs in 1 2; do
    measure db-bz2 "$jobs" "$dir/phoenix.db"
    measure files "$jobs" "$dir/files"
    measure db-gz "$jobs" "$dir/houou.db"
  done
done
uptime
