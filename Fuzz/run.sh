#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a while.
#
#   bash Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#   bash Fuzz/run.sh TARGET --reproduce FILE...   # run the target once on each file (no fuzzing)
#
# TARGET is a directory under Fuzz/ holding harness.swift, corpus/ and (optionally) dict.txt.
# Each library module the target needs is compiled on its own, as SwiftPM would (its own module name, so two
# modules may declare the same name), with `swiftc -sanitize=fuzzer,address -O -enable-testing`; the harness
# imports them with `@testable import` (so it can check internal invariants) and is linked with them.
# Compiled modules are kept in Fuzz/out/modules/ and reused by later runs while their sources, the flags and
# the compiler are unchanged. Output: the binary and the growing corpus in Fuzz/out/ (gitignored); crashes, leaks and timeouts in
# Fuzz/artifacts/ (gitignored). Exit status is non-zero on any crash, leak, timeout or out-of-memory.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: bash Fuzz/run.sh TARGET SECONDS [libFuzzer flags...] | TARGET --reproduce FILE..." >&2; exit 2; }
[[ $# -ge 2 ]] || usage
target=$1
shift
[[ -f "Fuzz/$target/harness.swift" ]] || { echo "Fuzz/run.sh: no such target: $target (Fuzz/$target/harness.swift)" >&2; exit 2; }

# The library modules each target needs, each after the modules it imports.
case "$target" in
    routes) libraries=(FileLocations RichMediaKitSupport LinkRouting) ;;
    aasa | coverage) libraries=(FileLocations RichMediaKitSupport LinkRouting AppSiteAssociation AndroidAppLinks LinkCoverage) ;;
    scenario) libraries=(FileLocations RichMediaKitSupport RichMediaQueue MediaQueueSimulation) ;;
    android) libraries=(FileLocations RichMediaKitSupport AndroidAppLinks) ;;  # ContractChecker lives in MediaQueueSimulation
    plist) libraries=(FileLocations RichMediaKitSupport LinkRouting AppLinkConfiguration) ;;
    fetch) libraries=(FileLocations RichMediaKitSupport LinkRouting AppSiteAssociation AndroidAppLinks LinkCoverage LinkDeployment) ;;
    *) echo "Fuzz/run.sh: no library list for target $target" >&2; exit 2 ;;
esac

out=Fuzz/out
build=$out/$target-build
# Library modules are shared by the targets (all four need FileLocations and RichMediaKitSupport; aasa and coverage
# need the same six modules), so each is compiled once into $modules and reused while its key still matches: a hash of the
# compiler version, the flags, the keys of the modules before it in the list and its sources.
modules=$out/modules
binary=$out/$target
mkdir -p "$out" "$modules" Fuzz/artifacts
rm -rf "$build" "$out/$target-src"
mkdir -p "$build"
# shellcheck disable=SC2054 # `fuzzer,address` is one value of -sanitize, not two array elements
swiftc_flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -package-name RichMediaKit -I "$modules")

# Runs one swiftc step; on failure shows its log (without the linker's noise) and stops.
compile() {
    local name=$1
    shift
    if ! swiftc "${swiftc_flags[@]}" "$@" >"$build/$name.log" 2>&1; then
        echo "Fuzz/run.sh: building $name for $target failed:" >&2
        grep -v '^/usr/bin/ld.gold: warning' "$build/$name.log" >&2 || true
        exit 2
    fi
}

echo "== building fuzz target $target"
objects=()
keys=$(swiftc --version 2>&1; printf '%s\n' "${swiftc_flags[@]}")
for library in "${libraries[@]}"; do
    sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "Sources/$library" -name '*.swift' -print0 | sort -z)
    key=$( (printf '%s\n' "$keys" "${sources[@]}"; cat "${sources[@]}") | sha256sum | cut -d' ' -f1)
    keys+=$'\n'$key
    objects+=("$modules/$library.o")
    if [[ -f $modules/$library.key && $(<"$modules/$library.key") == "$key" && -f $modules/$library.o
        && -f $modules/$library.swiftmodule ]]; then
        echo "   $library: unchanged, reused"
        continue
    fi
    rm -f "$modules/$library.key"
    compile "$library" -module-name "$library" -enable-testing -wmo -c "${sources[@]}" \
        -emit-module -emit-module-path "$modules/$library.swiftmodule" -o "$modules/$library.o"
    echo "$key" >"$modules/$library.key"
done
compile "Fuzz_$target" -module-name "Fuzz_$target" "Fuzz/$target/harness.swift" "${objects[@]}" -o "$binary"

# The Swift runtime's own backtracer would fight ASan over a crashing process: let libFuzzer report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/.ci/lsan.supp:print_suppressions=0}

if [[ $1 == --reproduce ]]; then
    shift
    exec "$binary" -runs=1 "$@"
fi

seconds=$1
shift
[[ $seconds =~ ^[0-9]+$ ]] || usage
work_corpus=$out/$target-corpus
mkdir -p "$work_corpus"
# Resource limits that make a regression of issue 43 a failure: a run longer than 5 s (a quadratic reader on the
# large seeds), a process past 1 GiB (a property list's shared objects expanded in full), one allocation past
# 256 MiB (64 MiB for fetch: a decompression that ignores its limit). The readers of large files take inputs up to
# 256 KiB (their seeds hold a 225 KB manifest, a 180 KB JSON array, a 151 KB property list whose shared data would
# expand to 1.3 GB, a 64 MB gzip bomb and a 210 KB header flood); the others 8 KiB.
max_len=8192
malloc_limit=256
case "$target" in
    android | plist) max_len=262144 ;;
    fetch) max_len=262144 malloc_limit=64 ;;
esac
flags=(-max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 -malloc_limit_mb="$malloc_limit" -max_len="$max_len"
    -print_final_stats=1 -artifact_prefix="Fuzz/artifacts/$target-")
[[ -f "Fuzz/$target/dict.txt" ]] && flags+=(-dict="Fuzz/$target/dict.txt")

echo "== fuzzing $target for ${seconds}s (log: $out/$target.log)"
status=0
"$binary" "${flags[@]}" "$@" "$work_corpus" "Fuzz/$target/corpus" >"$out/$target.log" 2>&1 || status=$?
if [[ $status -ne 0 ]]; then
    echo "Fuzz/run.sh: $target FAILED (exit $status); the end of $out/$target.log:" >&2
    tail -n 60 "$out/$target.log" >&2
    ls -1 Fuzz/artifacts/"$target"-* 2>/dev/null >&2 || true
    exit 1
fi
# The last status line (executions, coverage, features, corpus) and the final stats.
grep -E '^#[0-9]+' "$out/$target.log" | tail -n 1
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$out/$target.log" || true
