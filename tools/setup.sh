#!/usr/bin/env bash
# Installs what rulesrun needs on Debian (only the missing packages), then configures and builds it into build/.
# Safe to run again: it installs nothing that is already there and rebuilds only what changed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(cmake ninja-build g++ tao-pegtl-dev libfmt-dev nlohmann-json3-dev libgtest-dev libcli11-dev
          python3)  # python3: the command-line test validates the --json output with it

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

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
ninja -C build
