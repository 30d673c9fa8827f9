#!/usr/bin/env python3
"""detect_tables.py - makes src/detect_freq.h, the character classes the
charset detection (src/detect.c) scores double-byte readings with.

Usage: tools/detect_tables.py UNIHAN_DIR tools/detect-names.txt >src/detect_freq.h

UNIHAN_DIR holds the Unihan database of the Unicode Character Database
(Unihan_Readings.txt, Unihan_DictionaryLikeData.txt and
Unihan_OtherMappings.txt, plain or compressed with bzip2), licensed under
the Unicode License (https://www.unicode.org/license.txt).  Only the
maintainers run this; the header it writes is part of the source.

Each language gets a class from 0 to 3 for every CJK Unified Ideograph
(U+4E00-U+9FFF) or, for Korean, every Hangul syllable (U+AC00-U+D7A3):
  3  in the language's list of detect-names.txt (names, game words);
     a "_text" section of that file gives class 2 (Korean: the syllables
     frequent in text);
  2  frequent in text: Chinese (simplified) among the 1000 most frequent
     characters of kHanyuPinlu (the frequency counts of the Xiandai Hanyu
     Pinlu Cidian); Chinese (traditional) kFrequency 1-3; Japanese a Joyo
     Kanji (kJoyoKanji) that is frequent in Chinese text as well;
  1  known in text: the rest of kHanyuPinlu; kFrequency 4-5; the other
     Joyo and Jinmeiyo Kanji (kJinmeiyoKanji: the Kanji for given names);
  0  any other character.
"""
import bz2
import os
import sys

HAN0, HAN1 = 0x4E00, 0x9FFF
HANGUL0, HANGUL1 = 0xAC00, 0xD7A3


def unihan(folder, name):
    path = os.path.join(folder, name)
    if os.path.exists(path):
        f = open(path, encoding="utf-8")
    else:
        f = bz2.open(path + ".bz2", "rt", encoding="utf-8")
    with f:
        for line in f:
            if line.startswith("U+"):
                cp, field, value = line.rstrip("\n").split("\t", 2)
                yield int(cp[2:], 16), field, value


def names(path):
    lists, cur = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            cur = line[1:-1]
            lists[cur] = set()
            continue
        lists[cur].update(ord(c) for c in line if not c.isspace())
    return lists


def main():
    folder, names_path = sys.argv[1], sys.argv[2]
    pinlu, freq, joyo, jinmei = {}, {}, set(), set()
    for cp, field, value in unihan(folder, "Unihan_Readings.txt"):
        if field == "kHanyuPinlu":
            n = 0
            for r in value.split():
                n += int(r[r.index("(") + 1:r.index(")")])
            pinlu[cp] = n
    for cp, field, value in unihan(folder, "Unihan_DictionaryLikeData.txt"):
        if field == "kFrequency":
            freq[cp] = int(value)
    for cp, field, value in unihan(folder, "Unihan_OtherMappings.txt"):
        if field == "kJoyoKanji":
            joyo.add(cp)
        elif field == "kJinmeiyoKanji":
            jinmei.add(cp)
    ranked = sorted(pinlu, key=lambda c: (-pinlu[c], c))
    top = set(ranked[:1000])
    listed = names(names_path)

    cls = {}
    for lang in ("zh_hans", "zh_hant", "ja"):
        cls[lang] = {}
    for cp in range(HAN0, HAN1 + 1):
        cls["zh_hans"][cp] = 2 if cp in top else 1 if cp in pinlu else 0
        f = freq.get(cp, 0)
        cls["zh_hant"][cp] = 2 if 1 <= f <= 3 else 1 if f else 0
        if cp in joyo and (cp in top or 1 <= f <= 3):
            cls["ja"][cp] = 2
        else:
            cls["ja"][cp] = 1 if cp in joyo or cp in jinmei else 0
    cls["ko"] = {cp: 0 for cp in range(HANGUL0, HANGUL1 + 1)}
    for section, chars in listed.items():
        lang, k = (section[:-5], 2) if section.endswith("_text") else (section, 3)
        for cp in chars:
            if cp in cls[lang]:
                cls[lang][cp] = max(cls[lang][cp], k)

    out = sys.stdout
    out.write("/* detect_freq.h - character classes for the charset detection, made\n"
              " * by tools/detect_tables.py from the Unihan database (Unicode License)\n"
              " * and tools/detect-names.txt; do not edit.  Two bits a character,\n"
              " * four characters a byte, the first in the low bits. */\n")
    for lang, first, last in (("zh_hans", HAN0, HAN1), ("zh_hant", HAN0, HAN1),
                              ("ja", HAN0, HAN1), ("ko", HANGUL0, HANGUL1)):
        n = last - first + 1
        data = bytearray((n + 3) // 4)
        for cp in range(first, last + 1):
            i = cp - first
            data[i // 4] |= cls[lang][cp] << (2 * (i % 4))
        counts = [sum(1 for cp in range(first, last + 1) if cls[lang][cp] == k) for k in range(4)]
        out.write("\n/* %s: U+%04X-U+%04X; classes 3, 2, 1: %d, %d, %d characters */\n"
                  % (lang, first, last, counts[3], counts[2], counts[1]))
        out.write("static const unsigned char freq_%s[%d] SGFT_RARE_DATA = {\n" % (lang, len(data)))
        for i in range(0, len(data), 24):
            out.write("    " + ",".join("0x%02x" % b for b in data[i:i + 24]) + ",\n")
        out.write("};\n")


if __name__ == "__main__":
    main()
