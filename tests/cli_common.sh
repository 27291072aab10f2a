# What the command-line tests share: python3 (they validate JSON with it), a scratch folder removed on exit, and
# fail(), which counts failures so that a test script reports all of them before exiting.
# Sourced by cli_test.sh and cli_play_test.sh.

command -v python3 >/dev/null || { echo "FAIL: python3 is needed to validate --json output"; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
