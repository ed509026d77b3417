#!/bin/sh
# man.sh — the manual page flowshop-bb.1 that the build writes with flowshop-bb --man: it
# is what --man prints, it lists exactly the options --help lists, with their values, and
# the same exit statuses, and it renders without a warning (groff -ww, and man -l where
# installed; skipped without groff). Usage: sh test/cli/man.sh build/flowshop-bb
# build/flowshop-bb.1. Prints "N passed, N failed".
bin=${1:?usage: man.sh PATH-TO-flowshop-bb PATH-TO-flowshop-bb.1}
page=${2:?usage: man.sh PATH-TO-flowshop-bb PATH-TO-flowshop-bb.1}
. "$(dirname "$0")/check.sh"

"$bin" --man >"$tmp/man.1"
if cmp -s "$tmp/man.1" "$page"; then pass; else fail "$page differs from flowshop-bb --man (rebuild it)"; fi
if head -n 1 "$page" | grep -q '^\.TH FLOWSHOP-BB 1 '; then pass; else fail "no .TH title line"; fi
for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS"; do
    if grep -Eq "^\.SH \"?$section\"?\$" "$page"; then pass; else fail "no section $section"; fi
done

# The options of --help ("  -t, --threads N" or "      --lb lb1|lb2|auto") against the
# page's (".TP" then "\fB\-t\fR, \fB\-\-threads\fR \fIN\fR"), name and value.
"$bin" --help >"$tmp/help"
sed -n 's/^  \(-., \|    \)--\([a-z0-9-]*\)\( [^ ][^ ]*\)\{0,1\}.*/--\2\3/p' "$tmp/help" | sort >"$tmp/help.options"
sed -n '/^\.TP$/{n;/\\-\\-/p;}' "$page" | sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/^-., //' | sort >"$tmp/man.options"
count=$(wc -l <"$tmp/help.options")
if [ "$count" -gt 30 ] && cmp -s "$tmp/help.options" "$tmp/man.options"; then pass; else
    fail "the page's options differ from --help's ($count there)"
    diff "$tmp/help.options" "$tmp/man.options"
fi
statuses=$(sed -n '/^Exit status:/,/^$/s/^  \([0-9]\) .*/\1/p' "$tmp/help" | tr -d '\n')
page_statuses=$(sed -n '/^\.SH "EXIT STATUS"/,/^\.SH/{/^\.TP$/{n;s/^\\fB\([0-9]\)\\fR$/\1/p;};}' "$page" | tr -d '\n')
if [ -n "$statuses" ] && [ "$statuses" = "$page_statuses" ]; then pass; else
    fail "exit statuses: --help '$statuses', page '$page_statuses'"
fi

# One table of exit statuses: --help's (unwrapped) is the README's, row by row (backticks
# aside), and status 1 names all that ends a search early.
readme=$(dirname "$0")/../../README.md
sed -n '/^Exit status:/,/^$/p' "$tmp/help" | awk '/^  [0-9] / { if (row) print row; row = $1 " |"; sub(/^  [0-9]   */, ""); row = row " " $0; next }
    /^      / { sub(/^ */, ""); row = row " " $0 } END { print row }' >"$tmp/help.statuses"
sed -n '/^### Exit status/,/^$/d; /^| [0-9] | /{s/^| //;s/ |$//;s/`//g;p;}' "$readme" >"$tmp/readme.statuses"
if [ -s "$tmp/help.statuses" ] && cmp -s "$tmp/help.statuses" "$tmp/readme.statuses"; then pass; else
    fail "README's exit statuses differ from --help's"; diff "$tmp/help.statuses" "$tmp/readme.statuses"
fi
expect_output "exit status 1 names --gap" '^1 |.*--gap.*--search heuristic' "$tmp/help.statuses"
expect_output "exit status 4 names the schedule files" '^4 |.*--schedule' "$tmp/help.statuses"
for section in EXAMPLES "SEE ALSO"; do
    if grep -Eq "^\.SH \"?$section\"?\$" "$page"; then pass; else fail "no section $section"; fi
done
expect_output "SEE ALSO names flowshop-sweep" 'flowshop\\-sweep' "$page"

# Rendering: no warning from groff; man -l shows the options with plain '-' (\- in roff).
if command -v groff >/dev/null 2>&1; then
    if groff -man -Tutf8 -ww -z "$page" 2>"$tmp/groff.err" && [ ! -s "$tmp/groff.err" ]; then pass; else
        fail "groff warns:"; cat "$tmp/groff.err"
    fi
    if command -v man >/dev/null 2>&1; then
        MANWIDTH=80 man -l "$page" 2>"$tmp/man.err" | col -b >"$tmp/man.txt"
        if grep -q -- "--threads N" "$tmp/man.txt" && grep -q -- "--lb lb1|lb2|auto" "$tmp/man.txt"; then pass; else
            fail "man -l: options not rendered as typed"; head -40 "$tmp/man.txt"; cat "$tmp/man.err"
        fi
    else
        echo "man: man -l skipped (man not installed)"
    fi
else
    echo "man: rendering skipped (groff not installed)"
fi

finish "man"
