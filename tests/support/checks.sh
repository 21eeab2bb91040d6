# shellcheck shell=bash
# The test harness of the shell suites, sourced: `begin <name>`, any number
# of `check <description> <command...>`, then `end`; the suite prints
# "$passed passed, $failed failed" at its close. Assertions print what they
# saw when they fail.
passed=0
failed=0
test_name=""
test_failures=0

begin() { test_name="$1"; test_failures=0; }
check() { # check <description> <command...>: the command must succeed
  local what="$1"; shift
  if ! "$@"; then
    printf '    FAILED: %s\n' "$what"
    test_failures=$((test_failures + 1))
  fi
}
end() {
  if ((test_failures == 0)); then passed=$((passed + 1)); printf 'ok - %s\n' "$test_name"
  else failed=$((failed + 1)); printf 'not ok - %s\n' "$test_name"; fi
}
contains() { grep -qF -- "$2" "$1" || { printf '    %s does not contain: %s\n' "$(basename "$1")" "$2"; sed 's/^/      | /' "$1" | tail -n 15; return 1; }; }
# lacks <file> <extended regex>
lacks() { ! grep -qE -- "$2" "$1" || { printf '    %s unexpectedly matches: %s\n' "$(basename "$1")" "$2"; grep -E -- "$2" "$1" | head -n 3 | sed 's/^/      | /'; return 1; }; }
status_is() { [[ "$1" == "$2" ]] || { printf '    exit status %s, expected %s\n' "$1" "$2"; return 1; }; }
