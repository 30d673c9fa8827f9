#!/bin/sh
# msgdoc.sh MANPAGE - prints src/msg_doc.h: the entry of each message in
# the MESSAGES section of sgftidy(1) as plain text, one DOC(number, text)
# line per message, for sgft_msg_doc(), --explain and SARIF's rules.
# "make update-msgdoc" runs it; tests/manpage.sh checks that the header
# agrees with the man page.
LC_ALL=C
export LC_ALL
awk '
function plain(s) {
    gsub(/\\f[BIRP]/, "", s)
    gsub(/\\-/, "-", s)
    gsub(/\\\(em/, "\342\200\224", s)
    gsub(/\\\(en/, "\342\200\223", s)
    gsub(/\\\(dq/, "\"", s)
    gsub(/\\\(mu/, "\303\227", s)
    gsub(/\\\(aq/, "'"'"'", s)
    gsub(/\\&/, "", s)
    gsub(/\\e/, "\\", s)
    return s
}
# The arguments of a font macro, quotes removed; joined with spaces
# (.B, .I) or alternating fonts without them (.BR and the like).
function args(line, join,    out, i, c, q, cur, n) {
    sub(/^\.[A-Z]+ */, "", line)
    out = ""; cur = ""; q = 0; n = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (c == "\"") { q = !q; continue }
        if (c == " " && !q) {
            if (cur != "") { out = out (n++ ? join : "") cur; cur = "" }
            continue
        }
        cur = cur c
    }
    if (cur != "") out = out (n++ ? join : "") cur
    return out
}
function flush() {
    if (num == "") return
    gsub(/\\/, "\\\\", text); gsub(/"/, "\\\"", text)
    printf "DOC(%3d, \"%s\")\n", num, text
    num = ""
}
function add(s) {
    if (s == "") return
    if (text == "" || text ~ /\\n\\n$/) text = text s
    else text = text " " s
}
/^\.SH MESSAGES/ { in_msgs = 1; next }
/^\.SH / { if (in_msgs) flush(); in_msgs = 0; next }
!in_msgs { next }
/^\.TP/ { flush(); head = 1; next }
/^\.PP/ { flush(); next }
head && /^\.B [0-9]+ / { num = $2; text = ""; head = 0; next }
{ head = 0 }
num == "" { next }
/^\.(B|I) / { add(plain(args($0, " "))); next }
/^\.(BR|RB|BI|IB|IR|RI) / { add(plain(args($0, ""))); next }
/^\./ { next }
{ add(plain($0)) }
END { flush() }
' "$1" | sed 's/\\\\n\\\\n/\\n\\n/g'
