#!/bin/sh
# layers.sh OBJECT...
# The shape of the library, drawn from its object files with nm: an arrow
# from each file to every file that defines a symbol it uses.  Prints each
# circle of files (a set that reach one another through arrows), the
# mutable objects of static storage (objdump: the objects in a section of
# data, bss or thread-local storage; .data.rel.ro is read-only once the
# program is loaded) and whether the objects call pthread_create.  With MAX_CIRCLE=N, MAX_MUTABLE=N and
# NO_THREADS=1 in the environment it exits 1 when one of them is passed.
# With LAYERS=FILE, FILE names the layers, from the top down, a line
# each: "layer NAME: file file ..." (object names without .o, after any
# indentation; other lines are ignored); an arrow that goes up, from a
# file to one of a higher layer, is printed and fails, as are a file of
# no layer and a name in a layer that no object has.
NM=${NM:-nm}
OBJDUMP=${OBJDUMP:-objdump}
tab=$(printf '\t')
for o in "$@"; do
	name=$(basename "$o" .o)
	name=${name#libsgftidy_core_la-}
	$NM -P "$o" 2>/dev/null | while read -r sym type rest; do
		printf '%s\t%s\t%s\n' "$name" "$sym" "$type"
	done
	# "ADDR FLAGS SECTION<tab>SIZE NAME": the objects of writable sections
	$OBJDUMP -t "$o" 2>/dev/null | awk -v f="$name" '
		$0 ~ /[.](data|bss|tdata|tbss)([.]|[ \t]|$)/ && $0 !~ /[.]data[.]rel[.]ro/ &&
		$0 ~ / O |[.]t(data|bss)\t/ { printf "%s\t%s\tMUTABLE\n", f, $NF }'
done | awk -F "$tab" -v layers="${LAYERS:-}" -v maxc="${MAX_CIRCLE:-0}" -v maxm="${MAX_MUTABLE:--1}" \
	-v nothreads="${NO_THREADS:-0}" '
BEGIN { n = 0; nu = 0; nm = 0 }
{
	file = $1; sym = $2; type = $3
	if (!(file in idx)) { idx[file] = n; names[n++] = file }
	if (type == "U") { uses[file, sym] = 1; usesym[++nu] = file SUBSEP sym
		if (sym == "pthread_create") threads[file] = 1
		next }
	if (type ~ /^[TDBRCVWtdbr]$/ && type ~ /^[A-Z]$/) def[sym] = file
	if (type == "MUTABLE") { mutable[++nm] = file ": " sym; next }
}
END {
	nl = 0
	if (layers != "") {
		while ((getline line < layers) > 0) {
			if (line !~ /^[ \t]*layer [A-Za-z][A-Za-z0-9 _-]*:/) continue
			sub(/^[ \t]*layer /, "", line)
			lname = line; sub(/:.*/, "", lname)
			rest = line; sub(/^[^:]*:/, "", rest)
			nl++; lnames[nl] = lname
			c = split(rest, fs, /[ \t,]+/)
			for (q = 1; q <= c; q++) if (fs[q] != "") layer[fs[q]] = nl
		}
		close(layers)
	}
	for (k = 1; k <= nu; k++) {
		split(usesym[k], a, SUBSEP)
		if (a[2] in def && def[a[2]] != a[1]) {
			reach[idx[a[1]], idx[def[a[2]]]] = 1
			if (nl && (a[1] in layer) && (def[a[2]] in layer) &&
			    layer[def[a[2]]] < layer[a[1]]) {
				printf "arrow up: %s (%s) -> %s (%s): %s\n", a[1],
				    lnames[layer[a[1]]], def[a[2]], lnames[layer[def[a[2]]]], a[2]
				up++
			}
		}
	}
	if (nl) for (i = 0; i < n; i++) if (!(names[i] in layer)) {
		printf "in no layer: %s\n", names[i]; up++
	}
	for (f in layer) if (!(f in idx)) {
		printf "in layer %s, but no such object: %s\n", lnames[layer[f]], f; up++
	}
	for (k = 0; k < n; k++) for (i = 0; i < n; i++) if ((i, k) in reach)
		for (j = 0; j < n; j++) if ((k, j) in reach) reach[i, j] = 1
	worst = 1
	for (i = 0; i < n; i++) {
		if (i in done) continue
		line = names[i]; size = 1
		for (j = i + 1; j < n; j++)
			if (((i, j) in reach) && ((j, i) in reach)) {
				line = line " " names[j]; size++; done[j] = 1
			}
		if (size > 1) { printf "circle of %d: %s\n", size, line; circles++ }
		if (size > worst) worst = size
	}
	if (!circles) print "no circle"
	printf "largest circle: %d file%s\n", worst, worst == 1 ? "" : "s"
	for (k = 1; k <= nm; k++) print "mutable static: " mutable[k]
	printf "mutable statics: %d\n", nm
	nt = 0
	for (f in threads) { print "calls pthread_create: " f; nt++ }
	bad = 0
	if (up) { print "FAIL: " up " arrow(s) up, or files in no layer"; bad = 1 }
	else if (nl) print "every arrow goes down the " nl " layers, or stays in one"
	if (maxc > 0 && worst > maxc) { print "FAIL: a circle of more than " maxc " files"; bad = 1 }
	if (maxm >= 0 && nm > maxm) { print "FAIL: more than " maxm " mutable statics"; bad = 1 }
	if (nothreads && nt) { print "FAIL: the library starts threads"; bad = 1 }
	exit bad
}'
