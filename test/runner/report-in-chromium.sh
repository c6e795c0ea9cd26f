#!/bin/sh
# The HTML report in a real browser: headless Chromium at 1280 px must show it without a
# horizontal scrollbar, print it to a PDF, and take a screenshot for people to look at.
# usage: report-in-chromium.sh RUNNER RESULTS.json ARTIFACT_DIR
# Exit 77 (skipped) when no Chromium is installed; tools/bootstrap.sh installs it.
set -u
RUNNER=$1 RESULTS=$2 ARTIFACTS=$3
WIDTH=1280

BROWSER=
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then BROWSER=$candidate; break; fi
done
if [ -z "$BROWSER" ]; then
  echo "SKIPPED: no chromium on PATH (apt-get install chromium) to check the HTML report"
  exit 77
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cllint-report-XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Root (CI containers) needs --no-sandbox; a fresh profile keeps runs independent.
browse() {
  rm -rf "$WORK/profile"
  timeout 90 "$BROWSER" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$WORK/profile" --force-device-scale-factor=1 "$@" 2>>"$WORK/browser.log"
}

"$RUNNER" --results "$RESULTS" --report "$WORK/report.html" >"$WORK/report.txt"
status=$?
# The results hold failed cases on purpose, so 1 is the expected status.
[ $status -le 1 ] || fail "cllint-runner --results exited $status"
[ -s "$WORK/report.html" ] || fail "no report written"
grep -q "@media print" "$WORK/report.html" || fail "the report has no print stylesheet"

# The report itself has no script; a copy gets one that writes the page's measurements
# into the DOM, which --dump-dom prints.
sed 's|</body>|<script>(function () { var d = document.documentElement, wide = "";\
document.querySelectorAll("body *").forEach(function (e) {\
  if (!wide \&\& e.getBoundingClientRect().right > d.clientWidth + 0.5)\
    wide = e.tagName + "." + e.className.toString() + " " + (e.textContent \|\| "").slice(0, 60); });\
var p = document.createElement("pre"); p.id = "probe";\
p.textContent = "scrollWidth=" + d.scrollWidth + " clientWidth=" + d.clientWidth +\
  " scrollHeight=" + d.scrollHeight + " widest=[" + wide + "]";\
document.body.appendChild(p); })();</script></body>|' "$WORK/report.html" >"$WORK/probe.html"
browse --window-size=$WIDTH,1000 --dump-dom "file://$WORK/probe.html" >"$WORK/dom.html"
probe=$(sed -n 's|.*<pre id="probe">\([^<]*\)</pre>.*|\1|p' "$WORK/dom.html")
[ -n "$probe" ] || { tail -5 "$WORK/browser.log"; fail "the browser did not run the probe"; }
echo "at $WIDTH px: $probe"
scroll=$(echo "$probe" | sed 's/.*scrollWidth=\([0-9]*\).*/\1/')
client=$(echo "$probe" | sed 's/.*clientWidth=\([0-9]*\).*/\1/')
height=$(echo "$probe" | sed 's/.*scrollHeight=\([0-9]*\).*/\1/')
[ "$scroll" -le "$client" ] && [ "$scroll" -le $WIDTH ] ||
  fail "the report scrolls sideways at $WIDTH px: scrollWidth $scroll > clientWidth $client"

browse --no-pdf-header-footer --print-to-pdf="$WORK/report.pdf" "file://$WORK/report.html" >/dev/null
[ "$(head -c 4 "$WORK/report.pdf" 2>/dev/null)" = "%PDF" ] || fail "--print-to-pdf wrote no PDF"
pdf_bytes=$(wc -c <"$WORK/report.pdf")
[ "$pdf_bytes" -gt 20000 ] || fail "the printed PDF is only $pdf_bytes bytes"
echo "printed: $pdf_bytes bytes of PDF"

# The whole page in one picture (capped: a screenshot is for looking at, not for archives).
[ "$height" -le 12000 ] || height=12000
mkdir -p "$ARTIFACTS" || fail "cannot create $ARTIFACTS"
shot="$ARTIFACTS/verify-report.png"
rm -f "$shot"
browse --hide-scrollbars --window-size=$WIDTH,"$height" --screenshot="$shot" \
  "file://$WORK/report.html" >/dev/null
[ "$(od -An -c -j1 -N3 "$shot" 2>/dev/null | tr -d ' ')" = "PNG" ] || fail "no PNG at $shot"
png_width=$(od -An -tu1 -j16 -N4 "$shot" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
png_bytes=$(wc -c <"$shot")
[ "$png_width" -eq $WIDTH ] || fail "the screenshot is $png_width px wide, not $WIDTH"
[ "$png_bytes" -gt 50000 ] || fail "the screenshot is only $png_bytes bytes"
cp "$WORK/report.pdf" "$ARTIFACTS/verify-report.pdf"
cp "$WORK/report.html" "$ARTIFACTS/verify-report.html"
echo "screenshot: $shot ($png_width x $height px, $png_bytes bytes)"
