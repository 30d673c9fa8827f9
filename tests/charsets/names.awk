# names.awk - n records of two names each: a surname from the file sur and
# a given name of g1..g2 parts from the file giv (words separated by
# white space), earlier words chosen more often (as real names are),
# from a seeded generator (Park-Miller).  Output: "i<TAB>name<TAB>name".
function rnd(k) { x = (x * 16807) % 2147483647; return int(x / 2147483647 * k) }
function zipf(k,   u) { u = rnd(1000000) / 1000000; return int(k * u * u) }
function name(   s, m, i) {
    s = S[zipf(ns)]; m = g1 + rnd(g2 - g1 + 1)
    for (i = 0; i < m; i++) s = s G[zipf(ng)]
    return s
}
BEGIN {
    x = seed
    while ((getline l < sur) > 0) { m = split(l, w); for (i = 1; i <= m; i++) S[ns++] = w[i] }
    while ((getline l < giv) > 0) { m = split(l, w); for (i = 1; i <= m; i++) G[ng++] = w[i] }
    for (r = 0; r < n; r++) printf "%03d\t%s\t%s\n", r, name(), name()
}
