#!/usr/bin/env bash
# Runs the libFuzzer targets of a -DCLLINT_FUZZ=ON build for a while each and prints a table:
# target, seconds, execs, exec/s, corpus size, crashes. Exits 1 when a run saved a crash.
#
#   bench/fuzz.sh                          # every target, 60 s each
#   bench/fuzz.sh -t 600 -j 4 fuzz-lint    # 4 parallel jobs for 10 minutes
#   bench/fuzz.sh --fork 2 -t 3600         # keep going after crashes (libFuzzer -fork)
#   bench/fuzz.sh fuzz-lsp -- -only_ascii=1
#
# Corpora live in BUILD/corpus/<target> (seeded by test/fuzz/seed_corpus.py from kernels-corpus
# and the tests when empty), crashes in BUILD/crashes/<target>, logs in BUILD/fuzz-logs/<target>.
# test/fuzz/<target>.options (max_len, dict, timeout, ...) gives each target's defaults.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
all_targets=(fuzz-lint fuzz-lsp fuzz-config)
seconds=60 jobs=1 workers="" fork=0 build="$root/build-fuzz" corpus_root="" crash_root=""
targets=() extra=()

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; cat <<'USAGE'
options: -t|--seconds N  -j|--jobs N (default 1)  -w|--workers N (default: jobs)
         --fork N (0: stop at the first crash)  -b|--build DIR (default build-fuzz)
         --corpus-root DIR  --crash-root DIR  -- LIBFUZZER-FLAGS...
USAGE
}

while (($#)); do
  case $1 in
    -t|--seconds) seconds=$2; shift 2 ;;
    -j|--jobs) jobs=$2; shift 2 ;;
    -w|--workers) workers=$2; shift 2 ;;
    --fork) fork=$2; shift 2 ;;
    -b|--build) build=$2; shift 2 ;;
    --corpus-root) corpus_root=$2; shift 2 ;;
    --crash-root) crash_root=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=("${all_targets[@]}")
build=$(cd "$build" && pwd)
corpus_root=${corpus_root:-$build/corpus}
crash_root=${crash_root:-$build/crashes}
workers=${workers:-$jobs}

# Sanitizer reports that libFuzzer can act on: symbolized stacks, abort on the first UB.
sym=$(command -v llvm-symbolizer-19 || command -v /usr/lib/llvm-19/bin/llvm-symbolizer ||
      command -v llvm-symbolizer || true)
[[ -n $sym ]] && export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$sym}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:symbolize=1}

# test/fuzz/<target>.options, OSS-Fuzz style: "key = value" lines under [libfuzzer].
options_of() {
  local file="$root/test/fuzz/$1.options" key value
  [[ -f $file ]] || return 0
  while IFS='=' read -r key value; do
    key=$(echo "$key" | tr -d '[:space:]'); value=$(echo "$value" | sed 's/^ *//; s/ *$//')
    [[ -z $key || $key == \#* || $key == \[* ]] && continue
    [[ $key == dict && $value != /* ]] && value="$root/test/fuzz/$value"
    echo "-$key=$value"
  done <"$file"
}

# The error line and the top three stack frames (function and file:line) of one saved input.
triage() {
  local scratch; scratch=$(mktemp -d)
  timeout 300 "$1" -runs=1 -timeout=60 -artifact_prefix="$scratch/" "$2" 2>&1 |
    grep -aE '^SUMMARY: |runtime error:|invariant failed|ALARM: working on the last Unit|^ +#[0-2] ' |
    sed 's/(anonymous namespace)/{anon}/g' |
    awk '/^ +#/ { fn = $4; sub(/\(.*/, "", fn); print $1, fn, $NF; next } !seen[$0]++' |
    cut -c1-200 | head -5 || true
  rm -rf "$scratch"
}

count_files() { find "$1" -maxdepth 1 -type f 2>/dev/null | wc -l; }

rows=() summaries=() status=0
for t in "${targets[@]}"; do
  bin="$build/test/fuzz/$t"
  if [[ ! -x $bin ]]; then
    echo "fuzz.sh: $bin is missing; build with -DCLLINT_FUZZ=ON and ninja -C $build fuzz" >&2
    exit 2
  fi
  corpus="$corpus_root/$t" crashes="$crash_root/$t" logs="$build/fuzz-logs/$t"
  mkdir -p "$corpus" "$crashes" "$logs"
  if (($(count_files "$corpus") == 0)); then
    python3 "$root/test/fuzz/seed_corpus.py" --root "$root" "$corpus_root" "$t" >/dev/null
  fi
  rm -f "$logs"/*.log
  mapfile -t opts < <(options_of "$t")
  mode=()
  if ((fork > 0)); then
    mode=(-fork="$fork" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  elif ((jobs > 1)); then
    mode=(-jobs="$jobs" -workers="$workers")
  fi
  marker="$logs/.start"; : >"$marker"
  echo "== $t: ${seconds}s, corpus $corpus" >&2
  start=$(date +%s.%N)
  (cd "$logs" && timeout --kill-after=30 $((seconds + 120)) "$bin" "${opts[@]}" "${mode[@]}" \
      -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" \
      "${extra[@]}" "$corpus" >"$logs/main.log" 2>&1) || true
  wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

  # Executions: final stats of each process (jobs write fuzz-N.log), else the last "#N" line.
  execs=0
  for log in "$logs"/*.log; do
    n=$(grep -a 'stat::number_of_executed_units:' "$log" | tail -1 | awk '{print $2}' || true)
    if [[ -z $n ]]; then
      n=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    fi
    if ((fork > 0)) && [[ $(basename "$log") == main.log ]]; then
      n=$(grep -aoE '^#[0-9]+: cov' "$log" | tail -1 | grep -oE '[0-9]+' || true)
      execs=${n:-0}; break
    fi
    execs=$((execs + ${n:-0}))
  done
  new_crashes=$(find "$crashes" -maxdepth 1 -type f -newer "$marker" \
                  \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  ncrash=$(grep -c . <<<"$new_crashes" || true)
  rate=$(awk -v e="$execs" -v w="$wall" 'BEGIN { printf "%.1f", (w > 0 ? e / w : 0) }')
  rows+=("$(printf '%-12s %8.0f %10s %9s %8s %8s' "$t" "$wall" "$execs" "$rate" \
            "$(count_files "$corpus")" "$ncrash")")
  if ((ncrash > 0)); then
    status=1
    # Triage: run each saved input once more for its error line and top three frames.
    while read -r f; do
      summaries+=("$t: $f")
      while read -r s; do summaries+=("    $s"); done < <(triage "$bin" "$f")
    done <<<"$new_crashes"
  fi
done

printf '\n%-12s %8s %10s %9s %8s %8s\n' target seconds execs exec/s corpus crashes
printf '%s\n' "${rows[@]}"
if ((${#summaries[@]})); then
  printf '\ncrashes (logs in %s/fuzz-logs/<target>):\n' "$build"
  printf '%s\n' "${summaries[@]}"
fi
exit $status
