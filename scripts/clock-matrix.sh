#!/usr/bin/env bash
# Runs a test suite with the machine's clock at several dates (Debian's libfaketime: apt-get install
# faketime), to prove that no test depends on today's weekday or on a Madrid DST change
# (the reliability suite once failed every Monday). Usage:
#   scripts/clock-matrix.sh test:unit            # every date below
#   scripts/clock-matrix.sh test:int '2026-11-30 07:00:00'
#   CLOCK_FILES='src/a.int.test.ts src/b.int.test.ts' CLOCK_DB=fake scripts/clock-matrix.sh test:int
# The clock is set as an offset from the real one (faketime -f +N), so the test runner and every
# process it starts later (servers, Chromium) agree on the time; with an absolute start each
# process's clock would start at the date when IT starts. The monotonic clock is left alone.
# PostgreSQL keeps the real clock: under libfaketime its deadlock detector never fires (the deadlock
# suite hangs), and no rule of ours reads the database's clock (only column defaults do).
# graphile-worker does, though: a job runs when the DATABASE's clock passes its run_at. A test whose
# server clock (`startTestServer({ now })`) lies ahead of the real one, so that its reminders wait in
# the queue, only shows what a later clone sees with CLOCK_DB=fake, which runs PostgreSQL at the
# offset too (fine for any file but booking-deadlock.int.test.ts). CLOCK_FILES limits the run to
# those test files.
set -uo pipefail
cd "$(dirname "$0")/.."
suite="${1:?usage: scripts/clock-matrix.sh <npm script> [date ...]}"
shift
dates=("$@")
if [ ${#dates[@]} -eq 0 ]; then
  dates=(
    '2026-11-29 11:00:00' # Sunday
    '2026-11-30 07:00:00' # Monday morning
    '2026-12-05 22:45:00' # Saturday, 23:45 in Madrid
    '2027-03-27 22:30:00' # Saturday night before spring forward (Sunday 28 March 2027, 02:00 -> 03:00)
    '2027-03-28 01:30:00' # Sunday, the hour after the change
    '2027-10-30 23:30:00' # Sunday 31 October 2027, 01:30 in Madrid: the night the clocks go back
    '2027-10-31 12:00:00' # Sunday, after the change
  )
fi
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install faketime" >&2; exit 2; }
failed=0
for d in "${dates[@]}"; do
  log="$(mktemp -t "clock-${suite//:/-}-XXXX.log")"
  start=$SECONDS
  offset=$(($(date -ud "$d" +%s) - $(date +%s)))
  skip=postgres,initdb,pg_ctl
  [ "${CLOCK_DB:-}" = fake ] && skip=
  # shellcheck disable=SC2086 # CLOCK_FILES is a list of paths
  if FAKETIME_SKIP_CMDS=$skip FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$(printf '%+d' "$offset")" npm run --silent "$suite" -- ${CLOCK_FILES:-} >"$log" 2>&1; then status=pass; else status=FAIL; failed=1; fi
  summary="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*(Tests|Test Files) |passed|failed' | grep -vE '^\s*[✓✗×]' | tail -3 | tr -s ' ' | tr '\n' ';')"
  # A runner whose exit status got lost on the way still prints its count of failures.
  if grep -qE '[0-9]+ failed' <<<"$summary"; then status=FAIL; failed=1; fi
  echo "$status  clock $d UTC  ($((SECONDS - start)) s)  $summary  log: $log"
done
exit $failed
