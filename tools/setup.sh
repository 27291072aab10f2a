#!/usr/bin/env bash
# Installs what rulesrun needs on Debian (only the missing packages), with Node.js and npm for the reports' charting
# library (npm's vega and vega-lite in tools/reports/charts, built into rulesrun), then configures and builds it into
# build/. With --tests, also what the tests need: tmux (the hot-seat test types at a real terminal), Chromium,
# and playwright-core in tests/browser (pages are looked at in headless Chromium), Slurm with munge
# (the --slurm test starts a single-node cluster of its own), pytest (the Python module's tests), clang 14
# with libFuzzer (tools/fuzz.sh), Neovim (its LSP client is driven against `rulesrun lsp`), and MkDocs (the
# documentation site's test).
# With --docs, also MkDocs, and builds the documentation site into build/site/ (open build/site/index.html).
# Safe to run again: it installs nothing that is already there and rebuilds only what changed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

tests=false
docs=false
for argument in "$@"; do
    case $argument in
        --tests) tests=true ;;
        --docs) docs=true ;;
        *) echo "tools/setup.sh: unknown argument '$argument' (they are --tests and --docs)" >&2; exit 2 ;;
    esac
done

packages=(cmake ninja-build g++ tao-pegtl-dev libfmt-dev nlohmann-json3-dev libgtest-dev libcli11-dev
          nodejs  # npm installs the reports' charting library (tools/reports/charts), built into rulesrun
          libboost-dev libsqlite3-dev  # rulesrun serve: Boost.Beast/Asio for HTTP and WebSocket, SQLite for its tables
          python3  # python3: the command-line test validates the --json output with it, and runs the example bot
          pybind11-dev python3-dev python3-numpy)  # the Python module (docs/python.md)
if $tests; then
    packages+=(tmux chromium slurmctld slurmd slurm-client munge python3-pytest neovim)
    # tools/fuzz.sh and tools/sanitize.sh: clang with libFuzzer and the sanitizers' runtimes.
    packages+=(clang-14 libclang-rt-14-dev)
fi
# Debian's npm, unless the installed Node.js brings its own (NodeSource's does, and conflicts with it).
command -v npm >/dev/null || packages+=(npm)
if $tests || $docs; then
    packages+=(mkdocs)  # the documentation site (mkdocs.yml), with the theme and search Debian's package brings
fi

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$package")
done

if [[ ${#missing[@]} -gt 0 ]]; then
    echo "Installing: ${missing[*]}"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The reports' charting library (Vega and Vega-Lite), built into rulesrun, at the versions package-lock.json records.
if [[ ! -f tools/reports/charts/node_modules/vega-lite/build/vega-lite.min.js ]]; then
    (cd tools/reports/charts && npm ci --no-audit --no-fund)
fi
# The browser tests' one npm package, at the version package-lock.json records.
if $tests && [[ ! -d tests/browser/node_modules/playwright-core ]]; then
    (cd tests/browser && npm ci --no-audit --no-fund)
fi

# Profile-guided optimisation (see CMakeLists.txt): an instrumented build plays a few hundred games of every rules
# file and runs the benchmark briefly, and the real build is compiled with what that run measured. Done once: the
# profile is kept in build/profile: delete it to measure again after large edits (an edited function is compiled
# without its part of the profile). RULESRUN_PGO=OFF skips it (a quicker first build).
pgo=${RULESRUN_PGO:-USE}
profile="$PWD/build/profile"
if [[ $pgo != OFF && ! -f $profile/complete ]]; then
    echo "Building an instrumented rulesrun to measure how games run (profile-guided optimisation)..."
    rm -rf "$profile"
    cmake -S . -B build/train -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DRULESRUN_PGO=GENERATE \
          -DRULESRUN_PGO_DIR="$profile"
    ninja -C build/train rulesrun rulesrun_bench
    for rules in rules/*.rules; do
        build/train/rulesrun simulate "$rules" --games 300 --threads 1 > /dev/null
    done
    for rules in rules/classics/*.rules; do
        build/train/rulesrun simulate "$rules" --games 20 --threads 1 > /dev/null
    done
    build/train/rulesrun simulate rules/diablo.rules --games 100 --threads 1 --option size=8 > /dev/null
    build/train/rulesrun simulate rules/diamant.rules --games 300 --threads 1 --bots cautious > /dev/null
    build/train/tools/bench/rulesrun_bench --seconds 0.2 --memory-games 0 > /dev/null
    touch "$profile/complete"
    # Ninja does not know that objects depend on the profile: those built before it are built again.
    if [[ -f build/build.ninja ]]; then ninja -C build -t clean > /dev/null; fi
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DRULESRUN_PGO="$pgo" -DRULESRUN_PGO_DIR="$profile"
ninja -C build

if $docs; then
    mkdocs build --quiet --site-dir build/site
    echo "The documentation site is in build/site/ (open build/site/index.html)."
fi
