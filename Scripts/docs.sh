#!/usr/bin/env bash
# Builds the DocC documentation of every library module, with DocC warnings as errors.
#
#   bash Scripts/docs.sh            # archives in .build-docs/archives/<Module>.doccarchive
#
# One source for the guides: Docs/*.md (what GitHub shows). Each module's catalog
# (Sources/<Module>/<Module>.docc) holds only its landing page (Module.md) and Topics; this script stages a copy of the
# catalog with the module's guides added as articles (see `guides` below), turning every Swift block marked
# `<!-- snippet: Name -->` into `@Snippet(path: "RichMediaKit/Snippets/Name")` and links between guides of the
# same catalog into `<doc:...>` links. Snippets/*.swift become one snippet symbol graph, as SwiftPM's snippet
# tooling would make it (hidden regions left out).
#
# It fails on any DocC warning (a broken ``Symbol`` or <doc:> link, a missing snippet, a bad heading anchor)
# and when the landing page's `## Topics` leave a public top-level symbol out (DocC would curate it
# automatically, so a new type would land under a generic heading unnoticed).
#
# Symbol graphs come from `swift build -emit-symbol-graph` in a scratch directory of its own (DOCS_SCRATCH_PATH,
# default .build-docs), so the flags do not invalidate .build. No swift-docc-plugin: only the toolchain's docc.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${DOCS_SCRATCH_PATH:-.build-docs}"
output="${DOCS_OUTPUT_PATH:-$scratch/archives}"
package="RichMediaKit"

# The guides of each module, in Docs/ (Testing.md and Performance.md are about the repository, not a module).
guides() {
    case "$1" in
        RichMediaQueue) echo "RichMediaQueue.md mediaqueue.md" ;;
        RichMediaQueueTesting) echo "RichMediaQueue.md" ;;  # its section "Testing your own ordering"
        LinkRouting) echo "LinkRouter.md link-router.md" ;;
        AppSiteAssociation) echo "AASA.md" ;;
        LinkCoverage) echo "Coverage.md" ;;
        AppLinkConfiguration) echo "AppConfiguration.md" ;;
        LinkDeployment) echo "AASA.md" ;;  # its section "`link-router aasa fetch`: the deployed file"
        AppCoverage) echo "Coverage.md" ;;  # its section "The whole app: entitlements, Info.plist and every claimed domain"
        LinkDiagnosis) echo "link-router.md" ;;  # its section "`doctor`"
        AndroidAppLinks) echo "Android.md" ;;
        FileLocations) echo "LinkRouter.md" ;;  # its section "Places in files"
        LinkRouter) echo "LinkRouter.md link-router.md AASA.md Coverage.md AppConfiguration.md Android.md Integration.md" ;;  # the umbrella: all link guides
        *) echo "" ;;
    esac
}

modules=()
for catalog in Sources/*/*.docc; do
    modules+=("$(basename "$(dirname "$catalog")")")
done

# Kept between runs: swift build writes a module's graph only when it compiles the module.
graphs="$scratch/symbol-graphs"
rm -rf "$scratch/staged" "$output"
mkdir -p "$graphs" "$scratch/staged" "$output"
graphs="$(cd "$graphs" && pwd)"

echo "== docs: symbol graphs (swift build --scratch-path $scratch -emit-symbol-graph)"
build_graphs() {
    swift build --scratch-path "$scratch" --target "$1" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
}
# The modules an umbrella re-exports (`@_exported import X`), none for an ordinary module.
reexports() {
    cat "Sources/$1"/*.swift | sed -n 's/^@_exported import \([A-Za-z0-9_]*\).*/\1/p' | paste -sd, -
}
for module in "${modules[@]}"; do
    build_graphs "$module"
    if [ -n "$(reexports "$module")" ]; then
        # The compiler's graph of an umbrella is empty (re-exported symbols are not its own); the toolchain's
        # extractor includes them when asked, so the umbrella's archive documents everything its import brings.
        mkdir -p "$graphs/$module-umbrella"
        swift-symbolgraph-extract -module-name "$module" -I "$scratch/debug/Modules" \
            -target "$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)" \
            -minimum-access-level public -output-dir "$graphs/$module-umbrella" \
            -experimental-allowed-reexported-modules="$(reexports "$module")"
        cp "$graphs/$module-umbrella/$module.symbols.json" "$graphs/$module.symbols.json"
    fi
    if [ ! -f "$graphs/$module.symbols.json" ]; then  # built before, graph since deleted: start afresh
        rm -rf "$scratch"
        mkdir -p "$graphs" "$scratch/staged" "$output"
        build_graphs "$module"
    fi
done

# Snippets/*.swift as one symbol graph of snippet symbols (what swift-docc-plugin's snippet-extract writes):
# leading `//` lines are the explanation, `// snippet.hide` ... `// snippet.show` is left out, and the common
# indentation and the blank lines at either end are removed.
snippet_graph() {
    awk -v package="$package" '
        function esc(s,   out, c, i) {  # JSON string escaping, one character at a time (awks differ in gsub)
            out = ""
            for (i = 1; i <= length(s); i++) {
                c = substr(s, i, 1)
                if (c == "\\") out = out "\\\\"
                else if (c == "\"") out = out "\\\""
                else if (c == "\t") out = out "\\t"
                else if (c == "\r") out = out "\\r"
                else out = out c
            }
            return out
        }
        function flush(   i, min, n, pad, first, last, out, lines) {
            if (name == "") return
            min = -1
            for (i = 1; i <= count; i++) {
                if (code[i] ~ /^[ \t]*$/) continue
                match(code[i], /^ */); n = RLENGTH
                if (min < 0 || n < min) min = n
            }
            if (min < 0) min = 0
            first = 1; while (first <= count && code[first] ~ /^[ \t]*$/) first++
            last = count; while (last >= first && code[last] ~ /^[ \t]*$/) last--
            lines = ""
            for (i = first; i <= last; i++) {
                lines = lines (lines == "" ? "" : ",") "\"" esc(substr(code[i], min + 1)) "\""
            }
            out = "{\"identifier\":{\"precise\":\"$snippet__" package "." name "\",\"interfaceLanguage\":\"swift\"},"
            out = out "\"names\":{\"title\":\"" name "\"},\"pathComponents\":[\"Snippets\",\"" name "\"],"
            out = out "\"docComment\":{\"lines\":[" explanation "]},\"accessLevel\":\"public\","
            out = out "\"kind\":{\"identifier\":\"snippet\",\"displayName\":\"Snippet\"},\"isVirtual\":true,"
            out = out "\"snippet\":{\"language\":\"swift\",\"lines\":[" lines "],\"slices\":{}}}"
            symbols = symbols (symbols == "" ? "" : ",") out
        }
        FNR == 1 {
            flush()
            name = FILENAME; sub(/^.*\//, "", name); sub(/\.swift$/, "", name)
            count = 0; visible = 1; header = 1; explanation = ""
        }
        {
            line = $0
            marker = line; sub(/^[ \t]*/, "", marker)
            is_marker = (marker ~ /^\/\/[ \t]*snippet\.(hide|show)/)
            if (header) {
                if (line ~ /^[ \t]*$/ && explanation == "") next
                if (!is_marker && marker ~ /^\/\//) {
                    text = marker; sub(/^\/\/ ?/, "", text)
                    explanation = explanation (explanation == "" ? "" : ",") "{\"text\":\"" esc(text) "\"}"
                    next
                }
                header = 0
            }
            if (is_marker) { visible = (marker ~ /snippet\.show/); next }
            if (visible && !(count == 0 && line ~ /^[ \t]*$/)) code[++count] = line
        }
        END {
            flush()
            printf "{\"metadata\":{\"formatVersion\":{\"major\":0,\"minor\":1,\"patch\":0},\"generator\":\"Scripts/docs.sh\"},"
            printf "\"module\":{\"name\":\"%s\",\"platform\":{},\"isVirtual\":true},", package
            printf "\"symbols\":[%s],\"relationships\":[]}\n", symbols
        }
    ' Snippets/*.swift
}

# The article name of a guide: its file name, with `Guide` appended when a documented module has that name (an
# article named like the module would be a link to the module), and `-command` for a command's guide (DocC pages
# are lower-cased, so `link-router` and `LinkRouter` would be one page).
article_name() {
    local name="${1%.md}"
    if [ -d "Sources/$name/$name.docc" ]; then
        name="${name}Guide"
    elif [ -d "Sources/$name" ] && [ "$name" = "$(echo "$name" | tr '[:upper:]' '[:lower:]')" ]; then
        name="${name}-command"
    fi
    echo "$name"
}

# A guide as an article: snippet-marked Swift blocks become @Snippet directives, links to guides staged in the
# same catalog become <doc:> links (other links stay as they are: GitHub-relative).
stage_article() {
    local source="$1" staged_names="$2" renames="" guide
    for guide in $staged_names; do renames="$renames $guide=$(article_name "$guide")"; done
    awk -v package="$package" -v staged=" $staged_names " -v renames="$renames" '
        BEGIN {
            n = split(renames, pairs, " ")
            for (i = 1; i <= n; i++) { split(pairs[i], kv, "="); article[kv[1]] = kv[2] }
        }
        {
            if (skipping) { if ($0 ~ /^```[ \t]*$/) skipping = 0; next }
            if (pending != "" && $0 ~ /^```swift[ \t]*$/) {
                print "@Snippet(path: \"" package "/Snippets/" pending "\")"
                pending = ""; skipping = 1; next
            }
            if ($0 ~ /^<!-- snippet: [A-Za-z0-9_]+ -->[ \t]*$/) {
                pending = $0; sub(/^<!-- snippet: /, "", pending); sub(/ -->.*$/, "", pending); next
            }
            pending = ""
            line = $0; result = ""
            while (match(line, /\]\([A-Za-z0-9_-]+\.md(#[A-Za-z0-9_-]+)?\)/)) {
                target = substr(line, RSTART + 2, RLENGTH - 3)
                file = target; sub(/#.*$/, "", file); anchor = target; sub(/^[^#]*/, "", anchor)
                # (DocC spells heading anchors differently from GitHub: such a link goes to the top of the article.)
                if (index(staged, " " file " ")) repl = "](<doc:" article[file] ">)"
                else repl = substr(line, RSTART, RLENGTH)
                result = result substr(line, 1, RSTART - 1) repl
                line = substr(line, RSTART + RLENGTH)
            }
            line = result line
            gsub(/\]\(images\//, "](", line)  # Docs/images/* are copied into the catalog: DocC finds them by name
            print line
        }
    ' "$source"
}

mkdir -p "$scratch/snippet-graph"
snippet_graph > "$scratch/snippet-graph/$package-snippets.symbols.json"

status=0
for module in "${modules[@]}"; do
    echo "== docs: $module"
    catalog="Sources/$module/$module.docc"
    staged="$scratch/staged/$module.docc"
    cp -R "$catalog" "$staged"
    names="$(guides "$module")"
    if [ -d Docs/images ]; then cp -R Docs/images "$staged/images"; fi
    for guide in $names; do
        stage_article "Docs/$guide" "$names" > "$staged/$(article_name "$guide").md"
    done
    module_graphs="$scratch/staged/$module-symbol-graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    cp "$scratch/snippet-graph/$package-snippets.symbols.json" "$module_graphs/"
    archive="$output/$module.doccarchive"
    if ! docc convert "$staged" --additional-symbol-graph-dir "$module_graphs" --output-path "$archive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "com.example.$package.$module" \
        --warnings-as-errors; then
        echo "docs: $module: DocC reported problems (above); the catalog is $catalog, guides in Docs/" >&2
        status=1
        continue
    fi
    page="$archive/data/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]').json"
    uncurated="$(grep -o '{[^{}]*"generated":true[^{}]*}' "$page" | grep -o 'documentation\\/[^"]*' |
        sed 's|\\/|/|g; s|^documentation/||' || true)"
    if [ -n "$uncurated" ]; then
        echo "docs: $module: public symbols missing from the Topics of $catalog:" >&2
        echo "$uncurated" | sed 's/^/  /' >&2
        status=1
    fi
done

if [ "$status" -ne 0 ]; then
    exit "$status"
fi
echo "== docs: archives (open with \`docc preview\`, or serve a folder statically):"
for module in "${modules[@]}"; do
    echo "  $output/$module.doccarchive"
done
