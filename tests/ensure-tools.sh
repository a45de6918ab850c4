#!/usr/bin/env bash
# The tests drive Debian's Chromium (browser tests), run Node's test runner (the practice game) and take
# screenshots that need Thai and CJK fonts.
# Install what is missing when we may (root with apt); otherwise say how, and fail.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
# Thai and CJK fonts, so screenshots (build/screenshots/) show text instead of boxes.
fc-list :lang=th 2>/dev/null | grep -q . || missing+=(fonts-thai-tlwg)
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing for the tests: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "error: missing ${missing[*]}; install with: sudo apt-get install ${missing[*]}" >&2
exit 1
