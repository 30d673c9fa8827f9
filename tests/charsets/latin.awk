# latin.awk - n records of two players' names each for the held-out
# detection table of charsets.sh, drawn from lists of real-looking
# European names (one "given surname" a line): each name is the whole line
# (half of the time), the surname alone or the given name alone, as
# servers and programs write them.  With extra and share, about one name
# in share comes from the list extra (names that use the characters a
# charset adds).  A seeded generator (Park-Miller, the same numbers on
# every awk).  Output: "i<TAB>name<TAB>name".
function rnd(k) { x = (x * 16807) % 2147483647; return int(x / 2147483647 * k) }
function name(   l, w, r) {
    l = (ne && !rnd(share)) ? E[rnd(ne)] : L[rnd(nl)]
    split(l, w, " ")
    r = rnd(4)
    return r < 2 ? l : r == 2 ? w[2] : w[1]
}
BEGIN {
    x = seed
    while ((getline l < list) > 0) if (l != "") L[nl++] = l
    if (extra != "") while ((getline l < extra) > 0) if (l != "") E[ne++] = l
    for (i = 0; i < n; i++) {
        a = name(); b = name()
        while (b == a) b = name()
        printf "%03d\t%s\t%s\n", i, a, b
    }
}
