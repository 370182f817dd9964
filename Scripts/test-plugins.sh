#!/usr/bin/env bash
# Runs both SwiftPM plugins on the fixture package Tests/Fixtures/PluginApp, as an app that depends on this package
# would (Docs/Integration.md), and fails on any difference from what the docs promise:
#
#   - LinkLintPlugin (build tool): the first build lints the app target's entitlements and Info.plist and shows the
#     findings as build diagnostics (warnings: the build passes); a build with nothing changed does not lint again;
#     an error in the entitlements fails the build with its FILE:LINE:COLUMN diagnostic, exactly as the guide's
#     transcript shows it.
#   - CheckLinksPlugin (command): `swift package check-links ARGS` prints what `link-router check ARGS` prints (its
#     standard error too, which SwiftPM forwards to standard output) and exits with its status (SwiftPM turns a
#     plugin's status 2 into its own 1, with a line on standard error naming the 2).
#
#   bash Scripts/test-plugins.sh        # needs `swift build` of this package first (.build/debug/link-router)
#
# The fixture is copied to $PLUGIN_SCRATCH_PATH (default .build-plugins) with its dependency pointed at this
# repository, and its .build is kept there, so a second run builds nothing it need not (CI builds it once).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
link_router="$root/.build/debug/link-router"
[ -x "$link_router" ] || { echo "test-plugins: build the package first (swift build)" >&2; exit 2; }

work="${PLUGIN_SCRATCH_PATH:-.build-plugins}/PluginApp"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
rm -rf "$work/Sources" "$work/Package.swift" "$work/routes.json"
cp -R Tests/Fixtures/PluginApp/. "$work/"
sed -i.orig "s|path: \"../../..\"|path: \"$root\"|" "$work/Package.swift" && rm "$work/Package.swift.orig"
entitlements="$work/Sources/ShopApp/ShopApp.entitlements"
failures=0
fail() { echo "test-plugins: FAILED: $*" >&2; failures=$((failures + 1)); }

# Diagnostics as the guide shows them: paths relative to the fixture, build progress lines left out.
diagnostics() { grep -E ': (error|warning|note): ' | sed "s|$work/||g"; }

# The guide's transcript: the lines of the ```text block after `<!-- plugin-transcript: NAME -->`.
transcript() {
    awk -v marker="<!-- plugin-transcript: $1 -->" '
        $0 == marker { found = 1; next }
        found && /^```/ { if (open) exit; open = 1; next }
        open { print }' Docs/Integration.md
}

echo "== LinkLintPlugin: first build (warnings only: passes)"
rm -rf "$work/.build/plugins/outputs"
set +e
output="$(cd "$work" && swift build 2>&1)"
status=$?
set -e
[ "$status" -eq 0 ] || fail "the first build exited $status:\n$output"
printf '%s\n' "$output" | diagnostics
[ "$(printf '%s\n' "$output" | diagnostics)" = "$(transcript build-warnings)" ] \
    || fail "the first build's diagnostics differ from Docs/Integration.md (plugin-transcript: build-warnings)"
stamps=("$work"/.build/plugins/outputs/*/ShopApp/destination/LinkLintPlugin/ShopApp-app-lint.stamp)
[ -f "${stamps[0]}" ] || fail "no stamp after a lint without errors"

echo "== LinkLintPlugin: a build with nothing changed does not run the lint"
# After a build from an empty .build folder, SwiftPM 6.3 relinks the plugin's tool once more on the next build (the
# lint, whose input the tool is, runs again then); the build after that has nothing to do.
(cd "$work" && swift build >/dev/null 2>&1) || fail "the second build failed"
output="$(cd "$work" && swift build 2>&1)"
if printf '%s\n' "$output" | grep -q "Linting the links"; then
    fail "the lint ran again with no input changed:\n$output"
fi

echo "== LinkLintPlugin: an error in the entitlements fails the build"
sed -i.orig 's|<string>applinks:acmeshop.io</string>|<string>applinks:https://acmeshop.io</string>|' "$entitlements"
rm "$entitlements.orig"
set +e
output="$(cd "$work" && swift build 2>&1)"
status=$?
set -e
[ "$status" -ne 0 ] || fail "the build passed with an error in the entitlements"
printf '%s\n' "$output" | diagnostics
[ "$(printf '%s\n' "$output" | diagnostics)" = "$(transcript build-error)" ] \
    || fail "the failing build's diagnostics differ from Docs/Integration.md (plugin-transcript: build-error)"
cp Tests/Fixtures/PluginApp/Sources/ShopApp/ShopApp.entitlements "$entitlements"

echo "== CheckLinksPlugin: swift package check-links passes output and exit status through"
# Each case: the arguments after `check`. Paths are the fixture's (the plugin runs in the package directory) or
# absolute (the shipped example: exit 1).
examples="$root/Docs/Examples"
cases=(
    "--entitlements Sources/ShopApp/ShopApp.entitlements --info-plist Sources/ShopApp/Info.plist --routes routes.json --aasa acmeshop.io=apple-app-site-association"
    "-- --entitlements Sources/ShopApp/ShopApp.entitlements --routes routes.json --format json"
    "--entitlements $examples/App.entitlements --info-plist $examples/Info.plist --routes $examples/routes.json --aasa example.com=$examples/apple-app-site-association"
    "--routes routes.json --no-such-option"
)
for arguments in "${cases[@]}"; do
    read -r -a words <<<"$arguments"
    direct=("${words[@]}")
    [ "${direct[0]}" = "--" ] && direct=("${direct[@]:1}")
    set +e
    expected="$(cd "$work" && "$link_router" check "${direct[@]}" 2>&1)"
    expected_status=$?
    actual="$(cd "$work" && swift package check-links "${words[@]}" 2>"$work/stderr.txt")"
    actual_status=$?
    set -e
    # SwiftPM reports a plugin's non-zero status as its own 1, naming the plugin's status.
    wanted_status=$((expected_status == 0 ? 0 : 1))
    echo "check ${words[*]:0:4} ...: link-router exit $expected_status, plugin exit $actual_status"
    [ "$actual" = "$expected" ] || fail "check-links ${words[*]}: output differs from link-router check's"
    [ "$actual_status" -eq "$wanted_status" ] || fail "check-links ${words[*]}: exit $actual_status, want $wanted_status"
    if [ "$expected_status" -ne 0 ]; then
        grep -q "Plugin ended with exit code $expected_status" "$work/stderr.txt" \
            || fail "check-links ${words[*]}: standard error does not name the command's status $expected_status"
    fi
done

if [ "$failures" -gt 0 ]; then
    echo "test-plugins: $failures failure(s)" >&2
    exit 1
fi
echo "test-plugins: both plugins behave as documented"
