#!/usr/bin/env bash
# The shell steps of the GitHub Action (action.yml at the repository root), kept in one script so that they run
# and are tested outside GitHub (Scripts/test-action.sh, from .ci/run). Each step is one subcommand:
#
#   plan      decides how link-router is installed: `release` (a release binary exists for this runner and
#             version) or `source` (built with SwiftPM, its .build folder cached); writes the outputs `source`,
#             `version` and `cache-key`.
#   install   installs it: downloads the release archive and its .sha256, verifies the checksum and puts the
#             binary on PATH (GITHUB_PATH); or builds `link-router` from the action's own checkout. A missing
#             release asset falls back to building.
#   check     runs `link-router check` with the action's arguments in the working directory, and again with
#             `--format sarif` when a SARIF file is asked for; writes the outputs `exit-code` and `sarif-file`.
#             It never fails itself, so the SARIF upload runs after findings too.
#   finish    exits with the check's status: 0 clean, 1 findings, 2 bad usage or an unreadable input.
#
# What GitHub sets and the script reads: GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_PATH, RUNNER_OS, RUNNER_ARCH,
# RUNNER_TEMP. What action.yml passes: INPUT_VERSION, INPUT_ARGUMENTS, INPUT_FORMAT, INPUT_SARIF, ACTION_REF
# (github.action_ref), ACTION_REPOSITORY (github.action_repository), EXIT_CODE (to `finish`). For tests and
# mirrors, LINK_ROUTER_DOWNLOAD_URL replaces https://github.com/ACTION_REPOSITORY/releases/download.
set -euo pipefail

die() { echo "::error title=link-router action::$*" >&2; exit 2; }
output() { echo "$1=$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"; }
action_path="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"

# The release version to install: the `version` input, else the action's ref when it is a version tag.
version() {
    local version="${INPUT_VERSION:-}"
    if [ -z "$version" ] && [[ "${ACTION_REF:-}" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+$ ]]; then version="$ACTION_REF"; fi
    echo "${version#v}"
}

# The release archive's platform name for this runner, or nothing when releases have none.
platform() {
    case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
    macOS/*) echo macos-universal ;;
    Linux/X64) echo linux-x86_64 ;;
    Linux/ARM64) echo linux-aarch64 ;;
    *) echo "" ;;
    esac
}

sha256() {
    if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

# Downloads and verifies the release archive; returns 1 when the release has no archive for this runner.
install_release() {
    local version="$1" platform="$2"
    local name="link-router-$version-$platform"
    local base="${LINK_ROUTER_DOWNLOAD_URL:-https://github.com/${ACTION_REPOSITORY:?ACTION_REPOSITORY is not set}/releases/download}"
    local folder="${RUNNER_TEMP:?RUNNER_TEMP is not set}/link-router-$version"
    mkdir -p "$folder"
    if ! curl --fail --silent --show-error --location --retry 3 --output "$folder/$name.tar.gz" \
        "$base/v$version/$name.tar.gz"; then
        echo "::warning title=link-router action::no release archive $name.tar.gz for v$version; building from source"
        return 1
    fi
    curl --fail --silent --show-error --location --retry 3 --output "$folder/$name.tar.gz.sha256" \
        "$base/v$version/$name.tar.gz.sha256" || die "the release v$version has $name.tar.gz but no checksum file"
    (cd "$folder" && sha256 -c "$name.tar.gz.sha256" >/dev/null) \
        || die "$name.tar.gz does not match its published SHA-256 checksum"
    tar -xzf "$folder/$name.tar.gz" -C "$folder"
    "$folder/$name/link-router" --version >/dev/null || die "the downloaded link-router does not run on this runner"
    echo "$folder/$name" >>"${GITHUB_PATH:?GITHUB_PATH is not set}"
    echo "link-router $version installed from the release archive $name.tar.gz (checksum verified)"
}

install_source() {
    command -v swift >/dev/null || die "no release binary for this runner, and no Swift toolchain to build one"
    swift build -c release --product link-router --package-path "$action_path"
    local bin
    bin="$(swift build -c release --product link-router --package-path "$action_path" --show-bin-path)"
    echo "$bin" >>"${GITHUB_PATH:?GITHUB_PATH is not set}"
    echo "link-router built from source ($("$bin/link-router" --version))"
}

case "${1:-}" in
plan)
    version="$(version)"
    platform="$(platform)"
    if [ -n "$version" ] && [ -n "$platform" ]; then
        output source release
    else
        output source source
    fi
    output version "$version"
    # The build from source depends on the sources, the toolchain and the runner.
    key="$(cd "$action_path" && { cat Package.swift; find Sources -name '*.swift' | LC_ALL=C sort | xargs cat; } \
        | sha256 | cut -c1-16)"
    toolchain="$( (swift --version 2>/dev/null || echo none) | head -n 1 | sha256 | cut -c1-8)"
    output cache-key "link-router-${RUNNER_OS:-unknown}-${RUNNER_ARCH:-unknown}-$toolchain-$key"
    ;;
install)
    version="$(version)"
    platform="$(platform)"
    if [ -n "$version" ] && [ -n "$platform" ] && install_release "$version" "$platform"; then
        exit 0
    fi
    install_source
    ;;
check)
    # The arguments, split as a shell would split them (quotes and backslashes), without running anything.
    # A `--format` among them is the action's `format` input's job, so it is left out.
    arguments=()
    skip_value=false
    if [ -n "${INPUT_ARGUMENTS:-}" ]; then
        while IFS= read -r -d '' word; do
            if $skip_value; then skip_value=false; continue; fi
            case "$word" in
            --format) skip_value=true ;;
            --format=*) ;;
            *) arguments+=("$word") ;;
            esac
        done < <(printf '%s' "$INPUT_ARGUMENTS" | xargs printf '%s\0')
    fi
    set +e
    link-router check "${arguments[@]}" --format "${INPUT_FORMAT:-github}"
    status=$?
    set -e
    output exit-code "$status"
    if [ -n "${INPUT_SARIF:-}" ] && [ "$status" -ne 2 ]; then
        mkdir -p "$(dirname "$INPUT_SARIF")"
        set +e
        link-router check "${arguments[@]}" --format sarif >"$INPUT_SARIF"
        sarif_status=$?
        set -e
        [ "$sarif_status" -eq "$status" ] || echo "::warning title=link-router action::the SARIF run exited $sarif_status"
        # Absolute, so the upload step finds it whatever its own working directory.
        output sarif-file "$(cd "$(dirname "$INPUT_SARIF")" && pwd)/$(basename "$INPUT_SARIF")"
    fi
    ;;
finish)
    status="${EXIT_CODE:-2}"
    case "$status" in
    0) echo "link-router check: clean" ;;
    1) echo "link-router check: findings (exit 1)" ;;
    *) echo "link-router check: bad usage or an unreadable input (exit $status)" ;;
    esac
    exit "$status"
    ;;
*)
    die "usage: github-action.sh plan|install|check|finish"
    ;;
esac
