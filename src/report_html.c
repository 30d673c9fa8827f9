/* report_html.c - the page of a run (sgft_reporter_page): one static
 * HTML document that holds everything it shows (inline style, a small
 * inline script that sorts and filters the table of files, the boards as
 * inline SVG), written at the reporter's close besides its own output.
 *
 * The page sees every step of the reporter (report.c hands them over):
 * the diagnostics of the file being reported wait in a list of the page
 * until its sgft_reporter_file, which keeps the file's record: its
 * counts, its first PAGE_MSGS messages and the boards of its faults
 * (sgft_reporter_board).  Only the worst files keep their boards: when
 * more files than asked have boards, the least bad of them gives its
 * boards up, so that memory and the page stay bounded.  At the close
 * the files are sorted worst first and the page is written; the same
 * run gives the same bytes (the time only with SGFT_PAGE_TIME). */
/* clock_gettime and CLOCK_MONOTONIC: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The messages listed for a file (the others are counted), the messages
 * of the run listed, and the bytes of a message's text shown. */
enum { PAGE_MSGS = 10, PAGE_RUN_MSGS = 100, PAGE_TEXT = 300 };

typedef struct page_msg {
    int code;
    sgft_severity severity;
    bool critical, has_pos;
    unsigned long line, col;
    uint64_t offset;
    char *text;
} page_msg;

/* A board handed over for the fault at offset. */
typedef struct page_board {
    uint64_t offset;
    char *svg;
} page_board;

typedef struct page_file {
    char *name;
    unsigned long seq; /* the order of the run */
    sgft_summary sum;
    bool different;
    page_msg msgs[PAGE_MSGS];
    size_t nmsgs;
    unsigned long more; /* messages not listed */
    page_board *boards;
    size_t nboards;
} page_file;

struct sgft_page {
    FILE *f;
    unsigned max_boards, max_files, flags;
    struct timespec start;
    page_file *files;
    size_t n, cap;
    size_t with_boards; /* files that hold boards */
    /* the file being reported */
    page_msg pend[PAGE_MSGS];
    size_t npend;
    unsigned long pend_more;
    page_board *pboards;
    size_t npboards;
    /* the messages of no file: the command line, folders not read */
    page_msg *run;
    char **run_names;
    size_t nrun;
    unsigned long run_more;
    unsigned long counts[SGFT_MAX_MSG][4];
    bool oom;
};

/* --- escaping ------------------------------------------------------------ */

/* The length of the well-formed UTF-8 sequence at s (at most left
 * bytes) and its code point, or 0 when the byte at s begins none. */
static size_t utf8_at(const unsigned char *s, size_t left, uint32_t *cp) {
    unsigned char c = s[0];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        n = 2, v = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3, v = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n > left)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return n;
}

/* Whether the page shows code point cp as an escape: control characters,
 * the marks and embeddings that turn the direction of text, and the
 * noncharacters, which HTML does not hold as text. */
static bool shown_escaped(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x61c ||
           cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0xfdd0 && cp <= 0xfdef) ||
           (cp & 0xfffe) == 0xfffe;
}

/* At most max bytes of s (whole characters; max SIZE_MAX: all of it) as
 * HTML text, also fit for an attribute's value between double quotes:
 * the markup characters as references, the characters of shown_escaped
 * as \xNN or \uNNNN, a byte that is no well-formed UTF-8 as \xNN; "…"
 * after a text cut short. */
static void html_text(FILE *f, const char *str, size_t max) {
    const unsigned char *s = (const unsigned char *)str;
    size_t len = strlen(str), used = 0;
    while (used < len) {
        uint32_t cp;
        size_t n = utf8_at(s + used, len - used, &cp);
        if (used + (n ? n : 1) > max) {
            fputs("\xe2\x80\xa6", f);
            return;
        }
        if (!n)
            fprintf(f, "\\x%02X", s[used]);
        else if (shown_escaped(cp))
            fprintf(f, cp < 0x100 ? "\\x%02X" : "\\u%04X", (unsigned)cp);
        else if (cp == '&')
            fputs("&amp;", f);
        else if (cp == '<')
            fputs("&lt;", f);
        else if (cp == '>')
            fputs("&gt;", f);
        else if (cp == '"')
            fputs("&quot;", f);
        else if (cp == '\'')
            fputs("&#39;", f);
        else
            fwrite(s + used, 1, n, f);
        used += n ? n : 1;
    }
}

/* --- collecting ---------------------------------------------------------- */

static void msg_free(page_msg *m) { free(m->text); }

static void boards_free(page_board *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        free(b[i].svg);
    free(b);
}

int sgft_reporter_page(sgft_reporter *r, FILE *f, unsigned boards,
                       unsigned files, unsigned flags) {
    if (!r || !f || r->page || (flags & ~(unsigned)SGFT_PAGE_TIME))
        return -1;
    sgft_page *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->f = f;
    p->max_boards = boards;
    p->max_files = files;
    p->flags = flags;
    if (flags & SGFT_PAGE_TIME)
        clock_gettime(CLOCK_MONOTONIC, &p->start);
    r->page = p;
    return 0;
}

/* Keeps d in m; false when out of memory. */
static bool keep_msg(page_msg *m, const sgft_diag *d) {
    *m = (page_msg){
        .code = d->code,
        .severity = d->severity,
        .critical = d->critical,
        .has_pos = d->has_pos,
        .line = d->line,
        .col = d->col,
        .offset = d->offset,
        .text = strdup(d->text ? d->text : ""),
    };
    return m->text != NULL;
}

static void count(sgft_page *p, const sgft_diag *d) {
    if (d->code > 0 && d->code < SGFT_MAX_MSG && (unsigned)d->severity < 4)
        p->counts[d->code][d->severity]++;
}

void sgft__page_diag(sgft_reporter *r, const char *file, const sgft_diag *d,
                     bool of_file) {
    sgft_page *p = r->page;
    count(p, d);
    if (of_file) {
        if (p->npend == PAGE_MSGS)
            p->pend_more++;
        else if (keep_msg(&p->pend[p->npend], d))
            p->npend++;
        else
            p->oom = true;
        return;
    }
    if (p->nrun == PAGE_RUN_MSGS) {
        p->run_more++;
        return;
    }
    if (!p->run) {
        p->run = calloc(PAGE_RUN_MSGS, sizeof *p->run);
        p->run_names = calloc(PAGE_RUN_MSGS, sizeof *p->run_names);
        if (!p->run || !p->run_names) {
            p->oom = true;
            return;
        }
    }
    char *name = strdup(file ? file : "sgftidy");
    if (!name || !keep_msg(&p->run[p->nrun], d)) {
        free(name);
        p->oom = true;
        return;
    }
    p->run_names[p->nrun++] = name;
}

int sgft_reporter_board(sgft_reporter *r, uint64_t offset, const char *svg) {
    sgft_page *p = r ? r->page : NULL;
    if (!p || !svg)
        return -1;
    if (p->npboards >= p->max_boards)
        return 0;
    if (!p->pboards &&
        !(p->pboards = calloc(p->max_boards, sizeof *p->pboards)))
        return -1;
    /* the document's head is the page's */
    if (strncmp(svg, "<?xml", 5) == 0 && strchr(svg, '\n'))
        svg = strchr(svg, '\n') + 1;
    char *copy = strdup(svg);
    if (!copy)
        return -1;
    p->pboards[p->npboards++] = (page_board){offset, copy};
    return 0;
}

static int rank(const page_file *f) {
    return f->sum.fatal ? 3 : f->sum.errors ? 2 : f->sum.warnings ? 1 : 0;
}

/* Worst first: by the worst message, then the counts of fatal errors,
 * errors, warnings and information messages, then in the order of the
 * run. */
static int worse_first(const void *a, const void *b) {
    const page_file *x = a, *y = b;
    const unsigned long kx[] = {(unsigned long)rank(x), x->sum.fatal,
                                x->sum.errors, x->sum.warnings, x->sum.infos};
    const unsigned long ky[] = {(unsigned long)rank(y), y->sum.fatal,
                                y->sum.errors, y->sum.warnings, y->sum.infos};
    for (size_t i = 0; i < sizeof kx / sizeof *kx; i++)
        if (kx[i] != ky[i])
            return kx[i] > ky[i] ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

/* More files than asked hold boards: the least bad of them (the last
 * one of worse_first) gives them up. */
static void drop_boards(sgft_page *p) {
    page_file *least = NULL;
    for (size_t i = 0; i < p->n; i++)
        if (p->files[i].nboards &&
            (!least || worse_first(&p->files[i], least) > 0))
            least = &p->files[i];
    if (least) {
        boards_free(least->boards, least->nboards);
        least->boards = NULL;
        least->nboards = 0;
        p->with_boards--;
    }
}

void sgft__page_file(sgft_reporter *r, const char *file,
                     const sgft_summary *s, unsigned flags) {
    sgft_page *p = r->page;
    if (flags & SGFT_FILE_DIFFERENT) {
        /* message 152, as the formats that machines read give it */
        sgft_diag d = {
            .code = 152,
            .key = sgft_msg_key(152),
            .severity = SGFT_WARNING,
            .text = sgft_msg_text(152),
        };
        sgft__page_diag(r, file, &d, true);
    }
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        page_file *v = realloc(p->files, cap * sizeof *v);
        if (!v) {
            p->oom = true;
            goto drop;
        }
        p->files = v;
        p->cap = cap;
    }
    page_file *pf = &p->files[p->n];
    memset(pf, 0, sizeof *pf);
    if (!(pf->name = strdup(file))) {
        p->oom = true;
        goto drop;
    }
    pf->seq = p->n;
    pf->sum = *s;
    pf->different = (flags & SGFT_FILE_DIFFERENT) != 0;
    memcpy(pf->msgs, p->pend, p->npend * sizeof *p->pend);
    pf->nmsgs = p->npend;
    pf->more = p->pend_more;
    pf->boards = p->pboards;
    pf->nboards = p->npboards;
    p->n++;
    p->npend = 0;
    p->pend_more = 0;
    p->pboards = NULL;
    p->npboards = 0;
    if (pf->nboards && ++p->with_boards > p->max_files)
        drop_boards(p);
    return;
drop:
    for (size_t i = 0; i < p->npend; i++)
        msg_free(&p->pend[i]);
    boards_free(p->pboards, p->npboards);
    p->npend = 0;
    p->pend_more = 0;
    p->pboards = NULL;
    p->npboards = 0;
}

void sgft__page_late(sgft_reporter *r, const char *file, const sgft_diag *d) {
    sgft_page *p = r->page;
    count(p, d);
    for (size_t i = p->n; i-- > 0;) {
        page_file *pf = &p->files[i];
        if (strcmp(pf->name, file) != 0)
            continue;
        pf->sum.fatal++;
        if (pf->nmsgs == PAGE_MSGS)
            pf->more++;
        else if (keep_msg(&pf->msgs[pf->nmsgs], d))
            pf->nmsgs++;
        return;
    }
}

/* --- the page ------------------------------------------------------------ */

static const char page_style[] =
    "body{font:15px/1.4 system-ui,sans-serif;margin:1.5em auto;"
    "max-width:70em;padding:0 1em;color:#222;background:#fff}\n"
    "h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}\n"
    "table{border-collapse:collapse}\n"
    "td,th{padding:.15em .6em;text-align:left;vertical-align:top}\n"
    "td.n,th.n{text-align:right}\n"
    "#file-table thead th{cursor:pointer;user-select:none;background:#eee}\n"
    "#file-table thead th[aria-sort=ascending]::after{content:\" \\25B2\"}\n"
    "#file-table thead th[aria-sort=descending]::after{content:\" \\25BC\"}\n"
    "#file-table tbody tr:nth-child(even){background:#f6f6f6}\n"
    ".fatal{color:#fff;background:#a00}.fatal a{color:#fff}.error{color:#a00}"
    ".warning{color:#a60}.info{color:#357}.ok{color:#070}\n"
    "code{font-family:ui-monospace,monospace}\n"
    "ol.msgs{padding-left:1.5em}ol.msgs li{margin:.2em 0}\n"
    "figure.board{margin:.4em 0 .8em;max-width:360px}\n"
    "figure.board svg{width:100%;height:auto}\n"
    ".doc p{margin:.4em 0}\n"
    /* a page of thousands of files: the browser lays out only the
     * sections on the screen */
    "section{content-visibility:auto;contain-intrinsic-size:auto 12em}\n";

/* Sorts the table of files by a column (a click on its head; again: the
 * other way) and hides the rows whose name and status do not hold the
 * filter's text; rows keep the order of the run among equals. */
static const char page_script[] =
    "(function(){\n"
    "var t=document.getElementById('file-table');\n"
    "if(!t)return;\n"
    "var body=t.tBodies[0],heads=t.tHead.rows[0].cells;\n"
    "function key(row,i,num){var c=row.cells[i];"
    "var v=c.getAttribute('data-v');if(v===null)v=c.textContent;"
    "return num?Number(v):v;}\n"
    "Array.prototype.forEach.call(heads,function(th,i){\n"
    "th.addEventListener('click',function(){\n"
    "var num=th.classList.contains('n');\n"
    "var dir=th.getAttribute('aria-sort')==='descending'?1:-1;\n"
    "if(!num&&!th.hasAttribute('aria-sort'))dir=1;\n"
    "Array.prototype.forEach.call(heads,function(h){"
    "h.removeAttribute('aria-sort');});\n"
    "th.setAttribute('aria-sort',dir>0?'ascending':'descending');\n"
    "var rows=Array.prototype.map.call(body.rows,function(r){"
    "return {r:r,k:key(r,i,num),i:Number(r.getAttribute('data-i'))};});\n"
    "rows.sort(function(a,b){if(a.k<b.k)return -dir;if(a.k>b.k)return dir;"
    "return a.i-b.i;});\n"
    "var f=document.createDocumentFragment();\n"
    "rows.forEach(function(x){f.appendChild(x.r);});\n"
    "body.appendChild(f);});});\n"
    "var q=document.getElementById('filter'),shown=document.getElementById('shown');\n"
    "function filter(){var s=q.value.toLowerCase(),n=0;\n"
    "Array.prototype.forEach.call(body.rows,function(r){\n"
    "var hit=!s||r.cells[0].textContent.toLowerCase().indexOf(s)>=0||"
    "r.cells[1].textContent.toLowerCase().indexOf(s)>=0;\n"
    "if(r.hidden===hit)r.hidden=!hit;if(hit)n++;});\n"
    "shown.textContent=n+' of '+body.rows.length+' shown';}\n"
    /* a filter the browser kept from before a reload */
    "q.addEventListener('input',filter);if(q.value)filter();\n"
    "})();\n";

static const char *const sev_class[4] = {"info", "warning", "error", "fatal"};
static const char *const status_word[4] = {"OK", "warnings", "errors",
                                           "fatal"};

static void code_of(FILE *f, sgft_severity sev, int code) {
    fprintf(f, "%c%d", sgft_severity_letter(sev), code);
}

static void totals(FILE *f, const sgft_reporter *r, const sgft_page *p) {
    const struct {
        const char *what;
        unsigned long n;
    } rows[] = {
        {"files", r->files},
        {"OK", r->ok},
        {"with warnings", r->warnings},
        {"with errors", r->errors},
        {"fatal", r->failed},
        {"written", r->created},
        {"changed", r->changed},
        {"unchanged", r->unchanged},
        {"not in normal form", r->different},
        {"skipped", r->skipped},
        {"folders not read", r->folders_unread},
    };
    fputs("<h2 id=\"totals\">Totals</h2>\n<table class=\"totals\"><tbody>\n",
          f);
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        fprintf(f, "<tr><th>%s</th><td class=\"n\">%lu</td></tr>\n",
                rows[i].what, rows[i].n);
    if (p->flags & SGFT_PAGE_TIME) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        double secs = (double)(t.tv_sec - p->start.tv_sec) +
                      (double)(t.tv_nsec - p->start.tv_nsec) / 1e9;
        fprintf(f, "<tr><th>seconds</th><td class=\"n\">%.2f</td></tr>\n",
                secs);
    }
    fputs("</tbody></table>\n", f);
}

/* A piece of a message's text, escaped (sgft__short_text). */
static void put_html(FILE *f, const char *s) { html_text(f, s, SIZE_MAX); }

/* The counts per message, most frequent first; their explanations come
 * at the end of the page (explanations). */
static void counts(FILE *f, const sgft_page *p) {
    sgft__count v[SGFT_MAX_MSG * 4];
    size_t n = sgft__counts_sorted((const unsigned long (*)[4])p->counts, v);
    fputs("<h2 id=\"messages\">Messages</h2>\n", f);
    if (!n) {
        fputs("<p>No messages.</p>\n", f);
        return;
    }
    fputs("<table class=\"counts\"><thead><tr><th class=\"n\">count</th>"
          "<th>message</th><th>key</th><th>text</th></tr></thead><tbody>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "<tr><td class=\"n\">%lu</td><td class=\"%s\">"
                   "<a href=\"#m%d\"><code>",
                v[i].n, sev_class[v[i].severity], v[i].code);
        code_of(f, (sgft_severity)v[i].severity, v[i].code);
        fputs("</code></a></td><td><code>", f);
        html_text(f, sgft_msg_key(v[i].code), SIZE_MAX);
        fputs("</code></td><td>", f);
        sgft__short_text(f, v[i].code, put_html);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static void name_cell(FILE *f, const char *name) {
    fputs("<bdi>", f);
    html_text(f, name, SIZE_MAX);
    fputs("</bdi>", f);
}

static bool has_section(const page_file *pf) {
    return pf->nmsgs || pf->more;
}

static void file_table(FILE *f, const sgft_page *p) {
    fputs("<h2 id=\"files\">Files</h2>\n", f);
    if (!p->n) {
        fputs("<p>No files.</p>\n", f);
        return;
    }
    fprintf(f, "<p><label>Filter: <input id=\"filter\" type=\"search\">"
               "</label> <span id=\"shown\">%zu of %zu shown</span></p>\n",
            p->n, p->n);
    fputs("<table id=\"file-table\"><thead><tr><th>file</th><th>status</th>"
          "<th class=\"n\">fatal</th><th class=\"n\">errors</th>"
          "<th class=\"n\">warnings</th><th class=\"n\">infos</th>"
          "</tr></thead><tbody>\n",
          f);
    for (size_t i = 0; i < p->n; i++) {
        const page_file *pf = &p->files[i];
        int k = rank(pf);
        fprintf(f, "<tr data-i=\"%zu\"><td>", i);
        if (has_section(pf))
            fprintf(f, "<a href=\"#f%zu\">", i + 1);
        name_cell(f, pf->name);
        if (has_section(pf))
            fputs("</a>", f);
        fprintf(f, "</td><td class=\"%s\" data-v=\"%d\">%s%s</td>",
                k ? sev_class[k] : "ok", k, status_word[k],
                pf->different ? ", not in normal form" : "");
        fprintf(f, "<td class=\"n\">%lu</td><td class=\"n\">%lu</td>"
                   "<td class=\"n\">%lu</td><td class=\"n\">%lu</td></tr>\n",
                pf->sum.fatal, pf->sum.errors, pf->sum.warnings,
                pf->sum.infos);
    }
    fputs("</tbody></table>\n", f);
}

static void msg_item(FILE *f, const page_msg *m, const char *svg) {
    fprintf(f, "<li><span class=\"%s\"><code>", sev_class[m->severity]);
    code_of(f, m->severity, m->code);
    fputs("</code></span> ", f);
    if (m->has_pos)
        fprintf(f, "<span class=\"pos\">%lu:%lu</span> ", m->line, m->col);
    html_text(f, m->text, PAGE_TEXT);
    if (m->critical)
        fputs(" <em>(critical)</em>", f);
    if (svg)
        fprintf(f, "\n<figure class=\"board\">%s</figure>", svg);
    fputs("</li>\n", f);
}

static void file_sections(FILE *f, const sgft_page *p) {
    bool any = false;
    for (size_t i = 0; i < p->n && !any; i++)
        any = has_section(&p->files[i]);
    if (!any)
        return;
    fputs("<h2 id=\"details\">Messages of each file</h2>\n", f);
    for (size_t i = 0; i < p->n; i++) {
        const page_file *pf = &p->files[i];
        if (!has_section(pf))
            continue;
        fprintf(f, "<section id=\"f%zu\">\n<h3>", i + 1);
        name_cell(f, pf->name);
        fputs("</h3>\n<ol class=\"msgs\">\n", f);
        for (size_t m = 0; m < pf->nmsgs; m++) {
            const page_msg *pm = &pf->msgs[m];
            const char *svg = NULL;
            /* a board once, at the first message of its place */
            for (size_t b = 0; pm->has_pos && b < pf->nboards && !svg; b++)
                if (pf->boards[b].offset == pm->offset)
                    svg = pf->boards[b].svg;
            for (size_t e = 0; svg && e < m; e++)
                if (pf->msgs[e].has_pos && pf->msgs[e].offset == pm->offset)
                    svg = NULL;
            msg_item(f, pm, svg);
        }
        fputs("</ol>\n", f);
        if (pf->more)
            fprintf(f, "<p>and %lu more message%s (counted above).</p>\n",
                    pf->more, pf->more == 1 ? "" : "s");
        fputs("</section>\n", f);
    }
}

static void run_section(FILE *f, const sgft_page *p) {
    if (!p->nrun)
        return;
    fputs("<h2 id=\"run\">Messages of the run</h2>\n<ol class=\"msgs\">\n",
          f);
    for (size_t i = 0; i < p->nrun; i++) {
        fputs("<li>", f);
        name_cell(f, p->run_names[i]);
        fputs(":</li>\n", f);
        msg_item(f, &p->run[i], NULL);
    }
    fputs("</ol>\n", f);
    if (p->run_more)
        fprintf(f, "<p>and %lu more.</p>\n", p->run_more);
}

/* The explanation of every message counted: sgft_msg_doc, a paragraph
 * each. */
static void explanations(FILE *f, const sgft_page *p) {
    bool head = false;
    for (int c = 1; c < SGFT_MAX_MSG; c++) {
        if (!(p->counts[c][0] | p->counts[c][1] | p->counts[c][2] |
              p->counts[c][3]))
            continue;
        if (!head)
            fputs("<h2 id=\"explanations\">Explanations</h2>\n", f);
        head = true;
        fprintf(f, "<section id=\"m%d\" class=\"doc\">\n<h3><code>%d ", c, c);
        html_text(f, sgft_msg_key(c) ? sgft_msg_key(c) : "", SIZE_MAX);
        fputs("</code></h3>\n", f);
        const char *d = sgft_msg_doc(c);
        while (d && *d) {
            const char *end = strstr(d, "\n\n");
            size_t n = end ? (size_t)(end - d) : strlen(d);
            char *para = malloc(n + 1);
            if (para) {
                memcpy(para, d, n);
                para[n] = 0;
                fputs("<p>", f);
                html_text(f, para, SIZE_MAX);
                fputs("</p>\n", f);
                free(para);
            }
            d += n;
            while (*d == '\n')
                d++;
        }
        fputs("</section>\n", f);
    }
}

int sgft__page_close(sgft_reporter *r) {
    sgft_page *p = r->page;
    FILE *f = p->f;
    if (p->n > 1) /* (no files: no array to give qsort) */
        qsort(p->files, p->n, sizeof *p->files, worse_first);
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
               "<meta charset=\"utf-8\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, "
               "initial-scale=1\">\n"
               "<title>sgftidy report</title>\n<style>\n%s</style>\n"
               "</head>\n<body>\n<h1>sgftidy report</h1>\n",
            page_style);
    if (p->oom || r->interrupted)
        fprintf(f, "<p><strong>%s</strong></p>\n",
                r->interrupted ? "The run was interrupted."
                               : "Out of memory: messages are missing.");
    totals(f, r, p);
    counts(f, p);
    file_table(f, p);
    file_sections(f, p);
    run_section(f, p);
    explanations(f, p);
    fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", page_script);
    fflush(f);
    for (size_t i = 0; i < p->n; i++) {
        free(p->files[i].name);
        for (size_t m = 0; m < p->files[i].nmsgs; m++)
            msg_free(&p->files[i].msgs[m]);
        boards_free(p->files[i].boards, p->files[i].nboards);
    }
    free(p->files);
    for (size_t i = 0; i < p->npend; i++)
        msg_free(&p->pend[i]);
    boards_free(p->pboards, p->npboards);
    for (size_t i = 0; i < p->nrun; i++) {
        msg_free(&p->run[i]);
        free(p->run_names[i]);
    }
    free(p->run);
    free(p->run_names);
    free(p);
    r->page = NULL;
    return ferror(f) ? -1 : 0;
}
