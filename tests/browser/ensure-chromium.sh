#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when missing and we may (root); otherwise say how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "error: /usr/bin/chromium is missing; install it with: sudo apt-get install chromium" >&2
exit 1
