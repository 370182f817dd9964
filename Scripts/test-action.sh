#!/usr/bin/env bash
# Runs the GitHub Action's shell steps (Scripts/github-action.sh) and the release steps (Scripts/release.sh) here,
# with the environment GitHub sets, against the shipped examples, and fails on any difference from action.yml's and
# Docs/Integration.md's promises:
#
#   - release.sh verify-version accepts the CHANGELOG's version as the tag and refuses another; release.sh package
#     writes the archive and a checksum that `sha256sum -c` accepts;
#   - install downloads that archive from a release folder (LINK_ROUTER_DOWNLOAD_URL=file://...), verifies its
#     checksum and puts link-router on GITHUB_PATH; a tampered archive is refused; without a release version it
#     builds from source;
#   - check runs `link-router check` in the working directory with the arguments as a shell splits them, writes
#     `exit-code` and a SARIF log (`sarif-file`) to GITHUB_OUTPUT; finish exits with that status (1 on the shipped
#     example, 0 on a clean check, 2 on bad usage).
#
#   bash Scripts/test-action.sh      # needs `swift build -c release --product link-router` and `--product mediaqueue`
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
release_bin="$root/.build/release"
for command in link-router mediaqueue; do
    [ -x "$release_bin/$command" ] || { echo "test-action: build $command in release mode first" >&2; exit 2; }
done
version="$(grep -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | head -n 1 | sed -E 's/^## \[(.*)\]$/\1/')"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "test-action: FAILED: $*" >&2; failures=$((failures + 1)); }

echo "== release.sh verify-version and package"
BIN_DIR="$release_bin" bash Scripts/release.sh verify-version "v$version" || fail "verify-version refused v$version"
if BIN_DIR="$release_bin" bash Scripts/release.sh verify-version v99.0.0 2>/dev/null; then
    fail "verify-version accepted a tag that is not the CHANGELOG's version"
fi
case "$(uname -m)" in
x86_64) platform=linux-x86_64 arch=X64 ;;
aarch64 | arm64) platform=linux-aarch64 arch=ARM64 ;;
*) echo "test-action: no release platform for $(uname -m)" >&2; exit 2 ;;
esac
releases="$scratch/releases"
bash Scripts/release.sh package "$version" "$platform" "$release_bin" "$releases/v$version"
(cd "$releases/v$version" && sha256sum -c "link-router-$version-$platform.tar.gz.sha256") || fail "the checksum file"

# The environment GitHub gives a composite action's steps (a fresh one per scenario).
github_env() {
    local run="$scratch/$1"
    mkdir -p "$run/temp" "$run/workspace"
    : >"$run/output"
    : >"$run/path"
    echo "GITHUB_ACTION_PATH=$root GITHUB_OUTPUT=$run/output GITHUB_PATH=$run/path RUNNER_OS=Linux RUNNER_ARCH=$arch"
    echo "RUNNER_TEMP=$run/temp GITHUB_WORKSPACE=$run/workspace ACTION_REPOSITORY=OWNER/RichMediaKit"
    echo "LINK_ROUTER_DOWNLOAD_URL=file://$releases"
}
step() {
    local run="$1"
    shift
    # shellcheck disable=SC2046 # the variables are words without spaces
    env $(github_env "$run") "$@"
}
value() { grep "^$2=" "$scratch/$1/output" | tail -n 1 | cut -d= -f2-; }

echo "== plan and install: the release archive (ACTION_REF=v$version)"
step release ACTION_REF="v$version" bash Scripts/github-action.sh plan
[ "$(value release source)" = release ] || fail "plan did not choose the release archive for v$version"
[ -n "$(value release cache-key)" ] || fail "plan wrote no cache key"
step release ACTION_REF="v$version" bash Scripts/github-action.sh install
installed="$(cat "$scratch/release/path")"
[ "$("$installed/link-router" --version)" = "link-router $version" ] || fail "the installed link-router"

echo "== install: a tampered archive is refused"
cp -R "$releases" "$scratch/tampered"
echo "tampered" | gzip >>"$scratch/tampered/v$version/link-router-$version-$platform.tar.gz"
if step tampered LINK_ROUTER_DOWNLOAD_URL="file://$scratch/tampered" INPUT_VERSION="$version" \
    bash Scripts/github-action.sh install 2>/dev/null; then
    fail "install accepted an archive that does not match its checksum"
fi
[ ! -s "$scratch/tampered/path" ] || fail "a tampered archive was put on PATH"

echo "== plan and install: no release version (ACTION_REF=main) builds from source"
step source ACTION_REF=main bash Scripts/github-action.sh plan
[ "$(value source source)" = source ] || fail "plan did not choose to build from source for ACTION_REF=main"
step source ACTION_REF=main bash Scripts/github-action.sh install >/dev/null
[ "$(readlink -f "$(cat "$scratch/source/path")")" = "$(readlink -f "$release_bin")" ] || fail "the build from source is not on PATH"

echo "== check and finish on the shipped example (gaps: exit 1, SARIF written)"
examples="--entitlements Docs/Examples/App.entitlements --info-plist Docs/Examples/Info.plist"
examples+=" --routes 'Docs/Examples/routes.json' --aasa example.com=Docs/Examples/apple-app-site-association"
check() {
    local run="$1" arguments="$2" sarif="$3"
    (PATH="$installed:$PATH" step "$run" INPUT_ARGUMENTS="$arguments" INPUT_FORMAT=github INPUT_SARIF="$sarif" \
        bash Scripts/github-action.sh check)
}
check release "$examples --format text" "$scratch/release/out/links.sarif" >"$scratch/release/log"
[ "$(value release exit-code)" = 1 ] || fail "the shipped example's check: exit-code $(value release exit-code), want 1"
grep -q '^::warning' "$scratch/release/log" || grep -q '^::error' "$scratch/release/log" \
    || fail "the check printed no GitHub annotations (format github; a --format in the arguments is the input's)"
sarif="$(value release sarif-file)"
python3 -c 'import json, sys; log = json.load(open(sys.argv[1])); assert log["version"] == "2.1.0"; assert log["runs"][0]["results"]' \
    "$sarif" || fail "the SARIF log $sarif"
set +e
step release EXIT_CODE="$(value release exit-code)" bash Scripts/github-action.sh finish
status=$?
set -e
[ "$status" -eq 1 ] || fail "finish exited $status, want 1"

echo "== check and finish: a clean check exits 0, bad usage 2"
fixture="--entitlements Tests/Fixtures/PluginApp/Sources/ShopApp/ShopApp.entitlements"
fixture+=" --routes Tests/Fixtures/PluginApp/routes.json"
fixture+=" --aasa acmeshop.io=Tests/Fixtures/PluginApp/apple-app-site-association"
check clean "$fixture" "" >/dev/null
[ "$(value clean exit-code)" = 0 ] || fail "a clean check: exit-code $(value clean exit-code), want 0"
[ -z "$(value clean sarif-file)" ] || fail "a SARIF file without the sarif input"
check usage "--no-such-option" "$scratch/usage.sarif" 2>/dev/null >/dev/null
[ "$(value usage exit-code)" = 2 ] || fail "bad usage: exit-code $(value usage exit-code), want 2"
set +e
step usage EXIT_CODE=2 bash Scripts/github-action.sh finish >/dev/null
status=$?
set -e
[ "$status" -eq 2 ] || fail "finish exited $status after bad usage, want 2"

if [ "$failures" -gt 0 ]; then
    echo "test-action: $failures failure(s)" >&2
    exit 1
fi
echo "test-action: the action's and the release's steps behave as documented"
