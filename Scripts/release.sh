#!/usr/bin/env bash
# The steps of .github/workflows/release.yml that are not GitHub's, so they run (and are tested, by
# Scripts/test-action.sh) anywhere:
#
#   bash Scripts/release.sh verify-version TAG
#       TAG (v1.2.3 or 1.2.3) must equal the newest version section of CHANGELOG.md and the version the built
#       commands print (`link-router --version`, `mediaqueue --version`; BIN_DIR, default .build/release).
#   bash Scripts/release.sh package VERSION PLATFORM BIN_DIR OUT_DIR
#       Writes OUT_DIR/link-router-VERSION-PLATFORM.tar.gz (link-router, mediaqueue, LICENSE, README.md) and, beside
#       it, its SHA-256 checksum file ARCHIVE.sha256 in `sha256sum` format; PLATFORM is one of macos-universal,
#       linux-x86_64 or linux-aarch64 (the names the GitHub Action downloads).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "release: $*" >&2; exit 1; }

# The first `## [MAJOR.MINOR.PATCH]` heading of CHANGELOG.md (as VersionTests reads it).
changelog_version() {
    grep -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | head -n 1 | sed -E 's/^## \[(.*)\]$/\1/'
}

sha256() {
    if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

case "${1:-}" in
verify-version)
    [ $# -eq 2 ] || die "usage: release.sh verify-version TAG"
    version="${2#v}"
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "the tag $2 is not a version (v1.2.3)"
    bin="${BIN_DIR:-.build/release}"
    newest="$(changelog_version)"
    [ "$newest" = "$version" ] || die "the tag is $version and CHANGELOG.md's newest version is ${newest:-missing}"
    for command in link-router mediaqueue; do
        printed="$("$bin/$command" --version)" || die "$bin/$command --version failed"
        [ "$printed" = "$command $version" ] || die "the tag is $version and $command --version prints '$printed'"
    done
    echo "release: $version is the tag, CHANGELOG.md's newest version and what both commands print"
    ;;
package)
    [ $# -eq 5 ] || die "usage: release.sh package VERSION PLATFORM BIN_DIR OUT_DIR"
    version="$2" platform="$3" bin="$4" out="$5"
    case "$platform" in
    macos-universal | linux-x86_64 | linux-aarch64) ;;
    *) die "unknown platform $platform (macos-universal, linux-x86_64, linux-aarch64)" ;;
    esac
    name="link-router-$version-$platform"
    staging="$(mktemp -d)"
    trap 'rm -rf "$staging"' EXIT
    mkdir "$staging/$name"
    for command in link-router mediaqueue; do
        [ -x "$bin/$command" ] || die "$bin/$command is missing"
        cp "$bin/$command" "$staging/$name/"
    done
    cp LICENSE README.md "$staging/$name/"
    mkdir -p "$out"
    tar -C "$staging" -czf "$out/$name.tar.gz" "$name"
    (cd "$out" && sha256 "$name.tar.gz" >"$name.tar.gz.sha256")
    echo "release: wrote $out/$name.tar.gz and its .sha256"
    ;;
*)
    die "usage: release.sh verify-version TAG | package VERSION PLATFORM BIN_DIR OUT_DIR"
    ;;
esac
