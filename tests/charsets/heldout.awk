# heldout.awk - Latin and Cyrillic names for the held-out detection table
# of charsets.sh, made at test time and sharing nothing with the tables of
# detect.c: n records of two names each from a seeded generator
# (Park-Miller, the same numbers on every awk): words of 1-3
# syllables from the letters cons and vow, in about every second word
# one accented letter (accv for a vowel, accc for a consonant), the first
# letter made a capital by caps (pairs lower_upper); lists are separated
# by '_'.  Output: "i<TAB>name<TAB>name".
function rnd(k) { x = (x * 16807) % 2147483647; return int(x / 2147483647 * k) }
function pick(list,   a, m) { m = split(list, a, "_"); return a[1 + rnd(m)] }
function word(   s, k, i, acc) {
    k = 1 + rnd(3); s = pick(cons); acc = rnd(2)
    for (i = 0; i < k; i++) {
        if (i && rnd(3)) s = s (acc && !rnd(4) ? pick(accc) : pick(cons))
        if (acc && !rnd(k - i)) { s = s pick(accv); acc = 0 } else s = s pick(vow)
        if (!rnd(3)) s = s pick(cons)
    }
    return s
}
function cap(s,   m, i) {
    m = split(caps, C, "_")
    for (i = 1; i < m; i += 2) if (index(s, C[i]) == 1) return C[i + 1] substr(s, length(C[i]) + 1)
    return s
}
function alpha(   s) { s = cap(word()); if (rnd(2)) s = s " " cap(word()); return s }
BEGIN {
    x = seed
    for (r = 0; r < n; r++) {
        a = alpha(); b = alpha()
        printf "%03d\t%s\t%s\n", r, a, b
    }
}
