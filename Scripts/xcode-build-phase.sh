#!/bin/bash
# An Xcode Run Script build phase that lints the target's entitlements and Info.plist with `link-router app lint`
# on every build that changes them (Docs/AppConfiguration.md, "In an Xcode build phase").
#
# Xcode runs it with the target's build settings in the environment: CODE_SIGN_ENTITLEMENTS and INFOPLIST_FILE
# (relative to SRCROOT) name the files, and every setting the files use, such as $(PRODUCT_BUNDLE_IDENTIFIER) or a
# project-defined $(ASSOCIATED_DOMAIN), is taken from the environment (--defines-from-environment). Findings are
# printed as Xcode's issue lines (--format xcode); an error fails the build. The Release configuration lints as a
# release build (--release: ?mode=developer is an error).
#
# The phase's Input Files:  $(SRCROOT)/$(CODE_SIGN_ENTITLEMENTS) and $(SRCROOT)/$(INFOPLIST_FILE)
# Its Output Files:         $(DERIVED_FILE_DIR)/link-router-lint.stamp
# The stamp is written only when the lint passes, so Xcode runs the phase again after a failure, and otherwise only
# when an input changed. LINK_ROUTER names the command (default: link-router on PATH).
set -euo pipefail

link_router="${LINK_ROUTER:-link-router}"
stamp="${DERIVED_FILE_DIR:?run this script from an Xcode build phase}/link-router-lint.stamp"

if [ -z "${CODE_SIGN_ENTITLEMENTS:-}" ]; then
    echo "note: the target has no entitlements (CODE_SIGN_ENTITLEMENTS): nothing to lint [link-router]"
    touch "$stamp"
    exit 0
fi
arguments=(app lint --entitlements "$SRCROOT/$CODE_SIGN_ENTITLEMENTS" --defines-from-environment --format xcode)
# A generated Info.plist (GENERATE_INFOPLIST_FILE without INFOPLIST_FILE) has no file to lint.
if [ -n "${INFOPLIST_FILE:-}" ]; then
    arguments+=(--info-plist "$SRCROOT/$INFOPLIST_FILE")
fi
if [ "${CONFIGURATION:-}" = "Release" ]; then
    arguments+=(--release)
fi
"$link_router" "${arguments[@]}"
touch "$stamp"
